export * from './statistics';
export * from './intervals';
