export * from './alternated';
export * from './report-files';
