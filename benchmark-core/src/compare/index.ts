export * from './run-comparison';
export * from './bisect';
export * from './cpu-comparison';
