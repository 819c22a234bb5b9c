export * from './alternated';
