export * from './content';
export * from './generator';
export * from './prng';
export * from './workspace-store';
export * from './tree-generator';
