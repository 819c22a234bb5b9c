export * from './run-comparison';
export * from './cpu-comparison';
