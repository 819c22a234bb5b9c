export * from './fs-perf-backend-protocol';
