import { RatioEstimate } from './bootstrap';
import { Interval } from './median-interval';

/**
 * A value with the digits its interval supports: rounded at the place of the leading digit of the interval's
 * half-width (one significant digit of uncertainty), but never coarser than the value's own leading digit.
 * Without an interval (too few samples), three significant digits. E.g. 269 in [207, 367] is "270",
 * 11.53 in [7.1, 13.7] is "12", 0.2171 in [0.2, 0.25] is "0.22".
 */
export function formatSupported(value: number, interval?: Interval): string {
    return Number.isFinite(value) ? formatAtPlace(value, supportedPlace(value, interval)) : String(value);
}

/** A fraction as a percentage with the digits a reader can use: `45%`, `4.2%`, `-0.3%`. */
export function formatShare(fraction: number): string {
    const percentValue = fraction * 100;
    return `${Math.abs(percentValue) >= 10 ? percentValue.toFixed(0) : percentValue.toFixed(1)}%`;
}

/** An interval's bounds with the digits of the value they bound, e.g. `[210, 370]` next to `270`. */
export function formatInterval(value: number, interval: Interval): string {
    const place = supportedPlace(value, interval);
    return `[${formatAtPlace(interval.low, place)}, ${formatAtPlace(interval.high, place)}]`;
}

/** The power of ten the last printed digit of `value` stands for. */
function supportedPlace(value: number, interval?: Interval): number {
    const leading = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
    const halfWidth = interval ? (interval.high - interval.low) / 2 : 0;
    return halfWidth > 0 ? Math.min(Math.floor(Math.log10(halfWidth)), leading) : leading - 2;
}

function formatAtPlace(value: number, place: number): string {
    if (place >= 0) {
        const unit = 10 ** place;
        return String(Math.round(value / unit) * unit);
    }
    return value.toFixed(-place);
}

/** The value with the digits its interval supports; the interval's ends (samples or resampled ratios) with three significant digits. */
export function formatWithInterval(value: number, interval: Interval): string {
    return `${formatSupported(value, interval)} [${formatSupported(interval.low)}, ${formatSupported(interval.high)}]`;
}

export function formatRatioInterval(ratio: RatioEstimate): string {
    return formatWithInterval(ratio.ratio, ratio);
}
