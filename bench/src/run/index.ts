export * from './options';
export * from './prepare';
export * from './compare-options';
export * from './compare';
export * from './alternated';
export * from './report-files';
export * from './bench';
export * from './preflight';
