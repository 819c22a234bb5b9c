export * from './workspace-files';
export * from './output-markers';
export * from './front-end';
export * from './session';
export * from './accuracy';
export * from './remove-test-files';
export * from './run-folder';
export { describeProgress } from './describe';
export * from './tree-files';
