export * from './run-comparison';
export * from './bisect';
export * from './cpu-comparison';
export * from './count-differences';
export * from './gate';
export * from './pair-design';
