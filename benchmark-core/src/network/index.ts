export * from './profiles';
export * from './wire-floor';
