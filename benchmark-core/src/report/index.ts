export * from './model';
export * from './blocks';
export * from './svg';
export * from './text';
export * from './markdown';
export * from './html';
export * from './benchmark-action';
export * from './files';
