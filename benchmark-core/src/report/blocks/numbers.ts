import { MedianEstimate } from '../../compare/run-comparison';
import { RatioEstimate } from '../../stats/bootstrap';
import { Interval, minimumSamplesForMedianInterval } from '../../stats/median-interval';
import { formatInterval, formatShare, formatSupported, formatWithInterval } from '../../stats/precision';
import { FactorCell, MedianCell, WireFloorCell } from '../model/types';

/** A smallest detectable change as a percentage: `±4.2%`, `±12%`; `–` where there is none. */
export function formatDetectable(fraction: number): string {
    return Number.isFinite(fraction) ? `±${formatShare(fraction)}` : '–';
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


/**
 * A factor's interval with the digits it supports, and more for a bound that would read as 1 without being 1
 * (1.04 as `1.04`, not `1.0`): only "no measurable difference" says that an interval includes 1.
 */
function formatFactorInterval(interval: Interval): string {
    const bound = (value: number): string => {
        let text = formatSupported(value, interval);
        for (let digits = 2; Number(text) === 1 && value !== 1 && digits <= 15; digits++) {
            text = value.toPrecision(digits);
        }
        return text;
    };
    return `[${bound(interval.low)}, ${bound(interval.high)}]`;
}

/** A value and its interval, with the digits the interval supports: `270 [210, 370]`; without one, `5.09 (n<6)`. */
export function formatEstimate(value: number, interval: Interval | undefined): string {
    return interval ? `${formatSupported(value, interval)} ${formatInterval(value, interval)}` : `${formatSupported(value)} (${TOO_FEW_SAMPLES})`;
}

export function formatMedian(cell: MedianCell | undefined): string {
    return cell ? formatEstimate(cell.statistics.medianMs, cell.medianInterval) : NOT_MEASURED_CELL;
}

/** A factor with its interval, or "no measurable difference" with the interval when that includes 1. */
export function formatFactor(cell: FactorCell | undefined): string {
    if (cell?.factor === undefined) {
        return NOT_MEASURED_CELL;
    }
    if (!cell.factorInterval) {
        return formatEstimate(cell.factor, undefined);
    }
    return cell.noMeasurableDifference
        ? `${NO_MEASURABLE_DIFFERENCE} ${formatInterval(cell.factor, cell.factorInterval)}`
        : `${formatSupported(cell.factor, cell.factorInterval)} ${formatFactorInterval(cell.factorInterval)}`;
}

/** A percentile of a cell's samples, with the digits its median's interval supports. */
export function formatPercentile(cell: MedianCell | undefined, valueMs: (cell: MedianCell) => number): string {
    return cell ? formatSupported(valueMs(cell), cell.medianInterval) : NOT_MEASURED_CELL;
}


/** Milliseconds (or ms per MB) without an interval, three significant digits, and the share of a whole after them: `12.3 (45%)`. */
export function formatPart(valueMs: number | undefined, share?: number): string {
    if (valueMs === undefined) {
        return NOT_MEASURED_CELL;
    }
    return share === undefined ? formatSupported(valueMs) : `${formatSupported(valueMs)} (${formatShare(share)})`;
}

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
    return interval ? `${formatSupported(ratio, interval)} ${formatFactorInterval(interval)}` : formatEstimate(ratio, undefined);
}

/** A ratio (head / base) with its interval, as a factor ({@link formatRatioEstimate}). */
export function formatChangeRatio(ratio: RatioEstimate): string {
    return formatRatioEstimate(ratio.ratio, ratio);
}

export function formatMedianEstimate(estimate: MedianEstimate): string {
    return formatEstimate(estimate.medianMs, estimate.intervalMs);
}

/** What a path does that never crosses the link says instead of a ratio. */
export const NO_LINK_CROSSING = 'no link crossing';
