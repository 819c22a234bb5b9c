import { MedianEstimate } from '../../compare/run-comparison';
import { RatioEstimate } from '../../stats/bootstrap';
import { Interval, minimumSamplesForMedianInterval } from '../../stats/median-interval';
import { formatDetectableRange, formatPercentileValue, formatRatioInterval, formatShare, formatSupported, formatWithInterval } from '../../stats/precision';
import { FactorCell, MedianCell, WireFloorCell } from '../model/types';

/** A smallest detectable change as the ratios the run could not tell from no change: `0.86–1.16`; `–` where there is none. */
export function formatDetectable(fraction: number): string {
    return formatDetectableRange(fraction);
}

export function formatComparisonMedian(estimate: MedianEstimate): string {
    return estimate.intervalMs ? formatWithInterval(estimate.medianMs, estimate.intervalMs) : `${formatSupported(estimate.medianMs)} (n=${estimate.sampleCount})`;
}

/** A p-value as the tables print it: `<0.001`, `0.034`. */
export function formatPValue(pValue: number): string {
    return pValue < 0.001 ? '<0.001' : pValue.toFixed(3);
}

/** A fraction as a percentage with at most one decimal: `5%`, `2.5%`. */
export function formatPercent(fraction: number): string {
    return `${Math.round(fraction * 1000) / 10}%`;
}

/** What a cell shows where nothing was measured. */
export const NOT_MEASURED_CELL = '–';

/** What a value without an interval says instead: too few samples for one. */
export const TOO_FEW_SAMPLES = `n<${minimumSamplesForMedianInterval()}`;

/** What a factor whose interval includes 1 shows, before its interval. */
export const NO_MEASURABLE_DIFFERENCE = 'no measurable difference';

export function percent(level: number): string {
    return `${Math.round(level * 100)}%`;
}


/** A value and its interval, with the digits the interval supports: `270 [210, 370]`; without one, `5.09 (n<6)`. */
export function formatEstimate(value: number, interval: Interval | undefined): string {
    return interval ? formatWithInterval(value, interval) : `${formatSupported(value)} (${TOO_FEW_SAMPLES})`;
}

export function formatMedian(cell: MedianCell | undefined): string {
    return cell ? formatEstimate(cell.statistics.medianMs, cell.medianInterval) : NOT_MEASURED_CELL;
}

/** A factor with its interval, then ", no measurable difference" when that interval includes 1. */
export function formatFactor(cell: FactorCell | undefined): string {
    if (cell?.factor === undefined) {
        return NOT_MEASURED_CELL;
    }
    const estimate = formatRatioEstimate(cell.factor, cell.factorInterval);
    return cell.factorInterval && cell.noMeasurableDifference ? `${estimate}, ${NO_MEASURABLE_DIFFERENCE}` : estimate;
}

/** A percentile of a cell's samples, with the digits its median's interval supports. */
export function formatPercentile(cell: MedianCell | undefined, valueMs: (cell: MedianCell) => number): string {
    return cell ? formatPercentileValue(valueMs(cell), cell.medianInterval) : NOT_MEASURED_CELL;
}


/**
 * Milliseconds (or ms per MB) without an interval, three significant digits, and the share of a whole after them:
 * `12.3 (45%)`. A share outside 0 to 100% is left out (a part of noisy medians can exceed its whole), and a part below 0
 * prints as {@link NOISE_PART}: what it stands for took no time the clocks could tell apart.
 */
export function formatPart(valueMs: number | undefined, share?: number): string {
    if (valueMs === undefined) {
        return NOT_MEASURED_CELL;
    }
    if (valueMs < 0) {
        return NOISE_PART;
    }
    return share === undefined || share < 0 || share > 1 ? formatSupported(valueMs) : `${formatSupported(valueMs)} (${formatShare(share)})`;
}

/** What a part below 0 (a difference of medians, or a hop between two processes' clocks) prints as. */
export const NOISE_PART = '≈0';

export function formatPercentValue(value: number): string {
    return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

/** Measured / floor with its interval, or {@link NO_LINK_CROSSING} for a path that never crosses the link. */
export function formatMeasuredOverFloor(cell: WireFloorCell): string {
    if (cell.floor.crossingsDown + cell.floor.crossingsUp === 0) {
        return NO_LINK_CROSSING;
    }
    return cell.measuredOverFloor === undefined ? NOT_MEASURED_CELL : formatRatioEstimate(cell.measuredOverFloor, cell.measuredOverFloorInterval);
}

export function formatFloorMs(floorMs: number): string {
    return floorMs === 0 ? '0' : formatSupported(floorMs);
}


/** A ratio with its interval, as a factor: the digits the interval supports, and a bound near 1 never printed as 1; without one, `1.02 (n<6)`. */
export function formatRatioEstimate(ratio: number, interval: Interval | undefined): string {
    return interval ? formatWithInterval(ratio, interval, { ratio: true }) : formatEstimate(ratio, undefined);
}

/** A ratio (head / base) with its interval, as a factor ({@link formatRatioEstimate}). */
export function formatChangeRatio(ratio: RatioEstimate): string {
    return formatRatioInterval(ratio);
}

export function formatMedianEstimate(estimate: MedianEstimate): string {
    return formatEstimate(estimate.medianMs, estimate.intervalMs);
}

/** What a path does that never crosses the link says instead of a ratio. */
export const NO_LINK_CROSSING = 'no link crossing';
