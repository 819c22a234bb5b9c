export * from './statistics';
export * from './median-interval';
export * from './bootstrap';
export * from './change';
export * from './precision';
