export * from './toxiproxy';
export * from './check';
