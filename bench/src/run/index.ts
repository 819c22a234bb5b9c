export * from './options';
export * from './prepare';
export * from './alternated';
export * from './report-files';
export * from './bench';
