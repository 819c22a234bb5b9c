export * from './node-fs-read-protocol';
