export * from './manifest';
export * from './runner';
export type { VerificationLevel } from './verify';
export * from './scenario';
export * from './scenario-catalog';
export * from './sha256';
export * from './sizes';
export * from './hops';
export * from './cpu';
