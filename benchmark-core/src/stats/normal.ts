/** The standard normal distribution, to the precision a boundary or an interval level needs (absolute error < 1e-14 in the tails). */

/** The standard normal density at `x`. */
export function normalDensity(x: number): number {
    return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
}

/**
 * P(Z <= x) for a standard normal Z: the complementary error function by its continued fraction in the tails and by its
 * series near 0 (W. J. Cody's split at |x| = 3 of the standardised value), so that tails of 1e-10 keep their digits.
 */
export function normalCdf(x: number): number {
    if (Number.isNaN(x)) {
        return Number.NaN;
    }
    if (x < 0) {
        return normalUpperTail(-x);
    }
    return 1 - normalUpperTail(x);
}

/** P(Z > x) for x >= 0, without the cancellation of `1 - normalCdf(x)`. */
function normalUpperTail(x: number): number {
    if (x === Number.POSITIVE_INFINITY) {
        return 0;
    }
    if (x < 3) {
        // 1/2 - the series of the integral from 0 to x: converges quickly for small x.
        let term = x;
        let sum = x;
        for (let k = 1; k < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); k++) {
            term *= x * x / (2 * k + 1);
            sum += term;
        }
        return 0.5 - normalDensity(x) * sum;
    }
    // Lentz's continued fraction for the Mills ratio: P(Z > x) = phi(x) / (x + 1/(x + 2/(x + 3/(x + ...)))).
    let fraction = x;
    for (let k = 60; k >= 1; k--) {
        fraction = x + k / fraction;
    }
    return normalDensity(x) / fraction;
}

/** The `p` quantile of the standard normal, 0 < p < 1: bisection on {@link normalCdf} to 1e-12. */
export function normalQuantile(p: number): number {
    if (!(p > 0 && p < 1)) {
        throw new RangeError(`A normal quantile needs 0 < p < 1, not ${p}.`);
    }
    let low = -40;
    let high = 40;
    while (high - low > 1e-12) {
        const middle = (low + high) / 2;
        if (normalCdf(middle) < p) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return (low + high) / 2;
}
