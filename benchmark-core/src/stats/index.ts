export * from './statistics';
export * from './median-interval';
export * from './bootstrap';
export * from './change';
export { formatSupported, formatShare, formatInterval, formatWithInterval, formatRatioInterval, formatAtResolution, formatDetectableRange } from './precision';
export * from './normal';
export * from './sequential';
export * from './noise-budget';
export { blockCentre, pairRatios } from './paired';
