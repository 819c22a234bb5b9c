import { RatioEstimate } from './bootstrap';
import { Interval } from './median-interval';

/**
 * The one number formatter of the tables, the terminal and the editors' Output panel. Its rules:
 * - an estimate and both bounds of its interval carry the same digits: those the interval supports (one significant
 *   digit of its half-width), never coarser than the estimate's own leading digit, and at most one digit finer than
 *   the half-width (a difference near 0 is `0.0 [-1.4, 1.3]`, not `-0.009 [-1.436, 1.340]`);
 * - never `-0` or `-0.0`;
 * - a bound that is not 0 never prints as 0: one more digit when that shows it, else `<0.1` (or `>-0.1`);
 * - a ratio's bound that is not 1 never prints as 1: more digits for all three (`0.950 [0.860, 0.999]`);
 * - a value below what its clock can resolve prints as `<` the resolution;
 * - a share of a whole is between 0 and 100%.
 */

/** The power of ten of a number's leading digit (0 for 0). */
function leadingPlace(value: number): number {
    return value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
}

/** `value` rounded at the power of ten `place`, without a sign on zero. */
export function formatAtPlace(value: number, place: number): string {
    const text = place >= 0 ? String(Math.round(value / 10 ** place) * 10 ** place) : value.toFixed(Math.min(-place, 20));
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** The power of ten the last printed digit of a value with this interval stands for (three significant digits without one). */
function supportedPlace(value: number, interval?: Interval): number {
    const halfWidth = interval ? (interval.high - interval.low) / 2 : 0;
    if (!(halfWidth > 0)) {
        return leadingPlace(value) - 2;
    }
    const widthPlace = Math.floor(Math.log10(halfWidth));
    return Math.max(Math.min(widthPlace, leadingPlace(value)), widthPlace - 1);
}

/** Whether a bound that is not 0 would print as 0 at this place. */
const roundsToZero = (bound: number, place: number): boolean => bound !== 0 && Number(formatAtPlace(bound, place)) === 0;
/** Whether a ratio's bound that is not 1 would print as 1 at this place. */
const roundsToOne = (bound: number, place: number): boolean => bound !== 1 && Number(formatAtPlace(bound, place)) === 1;

/** The place all three numbers of an estimate and its interval are printed at (see the rules above). */
function intervalPlace(value: number, interval: Interval, ratio: boolean): number {
    let place = supportedPlace(value, interval);
    for (const bound of [interval.low, interval.high]) {
        if (roundsToZero(bound, place) && leadingPlace(bound) >= place - 1) {
            place = leadingPlace(bound);
        }
    }
    while (ratio && place > -4 && (roundsToOne(interval.low, place) || roundsToOne(interval.high, place))) {
        place--;
    }
    return place;
}

function formatBound(bound: number, place: number): string {
    if (!roundsToZero(bound, place)) {
        return formatAtPlace(bound, place);
    }
    return bound > 0 ? `<${formatAtPlace(10 ** place, place)}` : `>-${formatAtPlace(10 ** place, place)}`;
}

/** Options of {@link formatWithInterval}: a ratio (bounds never printed as 1 unless they are). */
export interface IntervalFormat {
    readonly ratio?: boolean;
}

/**
 * A value with the digits its interval supports: e.g. 269 in [207, 367] is "270", 11.53 in [7.1, 13.7] is "12",
 * 0.2171 in [0.2, 0.25] is "0.22". Without an interval (too few samples), three significant digits.
 */
export function formatSupported(value: number, interval?: Interval, format: IntervalFormat = {}): string {
    if (!Number.isFinite(value)) {
        return String(value);
    }
    return formatAtPlace(value, interval ? intervalPlace(value, interval, format.ratio ?? false) : supportedPlace(value));
}

/** An interval's bounds with the digits of the value they bound, e.g. `[210, 370]` next to `270`. */
export function formatInterval(value: number, interval: Interval, format: IntervalFormat = {}): string {
    const place = intervalPlace(value, interval, format.ratio ?? false);
    return `[${formatBound(interval.low, place)}, ${formatBound(interval.high, place)}]`;
}

/** A value and its interval, all three with the same digits: `270 [210, 370]`, `0.0 [-1.4, 1.3]`, `6.0 [0.3, 16.0]`. */
export function formatWithInterval(value: number, interval: Interval, format: IntervalFormat = {}): string {
    return `${formatSupported(value, interval, format)} ${formatInterval(value, interval, format)}`;
}

/** A ratio with its interval: `1.16 [1.08, 1.24]`, `0.950 [0.860, 0.999]` (a bound near 1 never printed as 1). */
export function formatRatioInterval(ratio: RatioEstimate): string {
    return formatWithInterval(ratio.ratio, ratio, { ratio: true });
}

/**
 * A percentile of single samples (p5, p95) beside a median with its interval: the digits that interval supports, but
 * never more than two significant digits, so `18`, `37` and `0.12` stand side by side (not `18.54` beside `36.7`).
 */
export function formatPercentileValue(value: number, medianInterval?: Interval): string {
    const place = Math.max(medianInterval ? supportedPlace(value, medianInterval) : leadingPlace(value) - 1, leadingPlace(value) - 1);
    return formatAtPlace(value, place);
}

/**
 * A value read from a clock that counts in steps of `resolution` (e.g. CPU time in 10 ms ticks, per MB moved): printed
 * at the resolution's leading digit, and `<resolution` below it (`<0.01` rather than `0.00` beside `0.00986`).
 */
export function formatAtResolution(value: number, resolution: number): string {
    const place = leadingPlace(resolution);
    if (value < resolution) {
        return `<${formatAtPlace(resolution, place)}`;
    }
    return formatAtPlace(value, Math.max(place, leadingPlace(value) - 2));
}

/** A fraction of a whole as a percentage, 0 to 100%: `45%`, `4.2%`, `0.3%`. */
export function formatShare(fraction: number): string {
    const percentValue = Math.min(100, Math.max(0, fraction * 100));
    return `${formatAtPlace(percentValue, percentValue >= 10 || percentValue === 0 ? 0 : -1)}%`;
}

/**
 * The smallest change a comparison could have seen (a fraction, see `smallestDetectableChange`) as the range of
 * ratios it could not tell from no change: `0.86–1.16` for 16%; `–` where there is none.
 */
export function formatDetectableRange(fraction: number): string {
    if (!Number.isFinite(fraction)) {
        return '–';
    }
    const bound = (ratio: number): string => formatAtPlace(ratio, ratio >= 10 ? 0 : -2);
    return `${bound(1 / (1 + fraction))}–${bound(1 + fraction)}`;
}
