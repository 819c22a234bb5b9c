export * from './host-identity';
export * from './document';
export * from './rounds';
