export * from './workspace-files';
export * from './output-markers';
export * from './session';
export * from './accuracy';
