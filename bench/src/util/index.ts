export * from './affinity';
export * from './disposable';
export * from './machine';
export * from './processes';
export * from './repository';
export * from './server';
export * from './workspace';
export * from './zip';
