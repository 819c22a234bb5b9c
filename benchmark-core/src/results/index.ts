export * from './schema';
export * from './watcher-load';
export * from './files';
export * from './host-identity';
export * from './cell-key';
export { type ReportMeasurement, theiaReleasesOf, compareReleases, hostKeyerOf, hostKeysOf, hostLabelsOf, collectMeasurements } from './measurements';
export * from './document';
export * from './rounds';
export * from './row-counts';
