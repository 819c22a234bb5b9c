export * from './schema';
export * from './files';
export * from './host-identity';
export * from './document';
export * from './rounds';
