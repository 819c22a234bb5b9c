export * from './types';
export * from './section-types';
export { medianCell, factorCell, isLargeSize, linkReadTable } from './tables';
export * from './hops';
export * from './cpu';
export { chartSizes, medianSeriesOf } from './charts';
export { hostEnvironments } from './environments';
export * from './paired';
export * from './build';
