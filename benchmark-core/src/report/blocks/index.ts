export { formatDetectable, formatPValue, formatPercent, NOT_MEASURED_CELL, TOO_FEW_SAMPLES, NO_MEASURABLE_DIFFERENCE, formatEstimate, formatMedian, formatFactor, formatMeasuredOverFloor, formatRatioEstimate, formatChangeRatio, NO_LINK_CROSSING } from './numbers';
export { type ReportBlock, type ColumnAlign, type TextGrid } from './block';
export * from './headings';
export { medianGrid, DISTRIBUTION_ROWS, distributionGrid, factorGrid, environmentGrid, streamGrid, notMeasuredGrid } from './grids';
export * from './headline';
export { hopsNote, hopGrid, vscodePartsGrid, cpuNote, cpuGrid, precisionGrid } from './hops-cpu';
export { networkNote, networkCheckGrid, wireFloorGrid } from './network';
export { pairedHeadlineItems, pairedComparisonGrid, pairedComparisonNote } from './paired';
export * from './blocks';
