export * from './node-fixture-store';
