export * from './run-comparison';
