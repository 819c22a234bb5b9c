export * from './toxiproxy';
