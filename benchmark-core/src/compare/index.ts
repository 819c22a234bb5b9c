export * from './run-comparison';
export * from './bisect';
