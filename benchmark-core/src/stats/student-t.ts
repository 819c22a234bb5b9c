/**
 * Student's t distribution, for the paired t interval of a cell's log ratios (stats/paired-mean.ts): its CDF through the
 * regularized incomplete beta function (a continued fraction evaluated by the modified Lentz method), and its quantile
 * by bisection on the CDF. Accurate to about 1e-10, far below what a level needs.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
function logGamma(x: number): number {
    const coefficients = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
        12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
    if (x < 0.5) {
        return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
    }
    const shifted = x - 1;
    let sum = coefficients[0];
    for (let i = 1; i < coefficients.length; i++) {
        sum += coefficients[i] / (shifted + i);
    }
    const t = shifted + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function I_x(a, b), for x < (a + 1) / (a + b + 2). */
function betaFraction(x: number, a: number, b: number): number {
    const tiny = 1e-300;
    let c = 1;
    let d = 1 - ((a + b) * x) / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    let result = d;
    for (let m = 1; m <= 300; m++) {
        const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
        d = 1 + even * d;
        c = 1 + even / c;
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        c = Math.abs(c) < tiny ? tiny : c;
        result *= d * c;
        const odd = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
        d = 1 + odd * d;
        c = 1 + odd / c;
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        c = Math.abs(c) < tiny ? tiny : c;
        const step = d * c;
        result *= step;
        if (Math.abs(step - 1) < 1e-15) {
            break;
        }
    }
    return result;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
    if (x <= 0) {
        return 0;
    }
    if (x >= 1) {
        return 1;
    }
    const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function checkFreedom(freedom: number): void {
    if (!(freedom > 0 && Number.isFinite(freedom))) {
        throw new RangeError(`Student's t needs positive, finite degrees of freedom, not ${freedom}.`);
    }
}

/** P(T <= t) for Student's t with `freedom` degrees of freedom. */
export function studentTCdf(t: number, freedom: number): number {
    checkFreedom(freedom);
    if (Number.isNaN(t)) {
        return Number.NaN;
    }
    const tail = 0.5 * incompleteBeta(freedom / (freedom + t * t), freedom / 2, 0.5);
    return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = p, for Student's t with `freedom` degrees of freedom (0 < p < 1). */
export function studentTQuantile(p: number, freedom: number): number {
    checkFreedom(freedom);
    if (!(p > 0 && p < 1)) {
        throw new RangeError(`A quantile's probability is strictly between 0 and 1, not ${p}.`);
    }
    if (p < 0.5) {
        return -studentTQuantile(1 - p, freedom);
    }
    let low = 0;
    let high = 1;
    while (studentTCdf(high, freedom) < p) {
        high *= 2;
        if (high > 1e12) {
            return Number.POSITIVE_INFINITY;
        }
    }
    for (let iteration = 0; iteration < 200 && high - low > 1e-12 * Math.max(1, high); iteration++) {
        const middle = (low + high) / 2;
        if (studentTCdf(middle, freedom) < p) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return (low + high) / 2;
}
