/** Log-normal samples (skewed, like timings) around `medianMs`, from a seeded source. */
export function logNormal(count: number, medianMs: number, sigma: number, random: () => number): number[] {
    return Array.from({ length: count }, () => {
        const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
        return medianMs * Math.exp(sigma * gaussian);
    });
}
