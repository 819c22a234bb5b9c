/**
 * Theia releases to measure: for each, a browser app like browser-app/ (the same Theia packages at that release,
 * the Theia extension installed from its packed tarball, the VS Code extension as a plugin), built once in a
 * cache folder outside this repository and reused.
 */
// versions -> packages -> plan; commands -> pack, app
export * from './versions';
export * from './packages';
export * from './plan';
export * from './pack';
export * from './app';
