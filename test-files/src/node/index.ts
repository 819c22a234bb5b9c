export * from './node-fixture-store';
export * from './pinned-folder';
export * from './tree-floor';
export * from './write-floor';
export * from './watch-child';
