export * from './profiles';
export * from './wire-floor';
export * from './link-floor';
