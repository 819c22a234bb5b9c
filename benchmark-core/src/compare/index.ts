export * from './run-comparison';
export * from './count-differences';
