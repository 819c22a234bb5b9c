export * from './build';
export * from './paired';
