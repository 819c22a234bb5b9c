export * from './settings';
export * from './settings-schema';
