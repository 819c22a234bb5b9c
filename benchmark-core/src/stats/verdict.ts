/**
 * The one rule that turns a cell's evidence into a verdict, for every comparison fs-perf makes: two separate runs
 * (`yarn bench:compare`), a fixed number of alternated pairs (`--pairs`), and each look of a cell sampled until resolved
 * (`--budget`). Written once so that the fixed and the sequential paths, the look that stops a cell and the report that
 * re-analyses it afterwards can never disagree on the same pairs (they did once: see docs/compare.md, "The verdict rule").
 */

/** How a cell moved, head (or current) against base (or baseline). */
export type Verdict = 'slower' | 'faster' | 'no change' | 'inconclusive';

/** Every verdict, in the order reports list them. */
export const VERDICTS: readonly Verdict[] = ['slower', 'faster', 'no change', 'inconclusive'];

/** What a verdict is decided with; saved with a comparison's results, so a re-analysis decides as the run did. */
export interface VerdictRule {
    /** The test's significance level; the ratio's interval is at level 1 - alpha. */
    readonly alpha: number;
    /** A change within this fraction either way (0.05 = 5%) is "no change". */
    readonly noiseThreshold: number;
    /**
     * How far the estimate of a significant change must lie from 1 to be called slower or faster (0.02 = 2%); absent,
     * the noise threshold, as in the runs made before issue 54. Below the noise threshold it lets a change of about that
     * threshold be caught in most runs instead of about half (an estimate scatters around the true ratio), while "no
     * change" still needs the whole interval within the noise threshold.
     */
    readonly flagThreshold?: number;
}

/** The rule's settings unless `--alpha` or `--noise-threshold` say otherwise: written here only, every default is read from it. */
export const DEFAULT_VERDICT_RULE: VerdictRule = { alpha: 0.05, noiseThreshold: 0.05 };

/** The rule of settings that may leave either value out: {@link DEFAULT_VERDICT_RULE}'s for each one left out. */
export function verdictRuleOf(settings: { readonly alpha?: number; readonly noiseThreshold?: number; readonly flagThreshold?: number }): VerdictRule {
    const rule = { alpha: settings.alpha ?? DEFAULT_VERDICT_RULE.alpha, noiseThreshold: settings.noiseThreshold ?? DEFAULT_VERDICT_RULE.noiseThreshold };
    return settings.flagThreshold === undefined ? rule : { ...rule, flagThreshold: settings.flagThreshold };
}

/** What the samples say about a cell: the ratio (head / base) and its interval at level 1 - alpha. */
export interface VerdictEvidence {
    readonly ratio: number;
    readonly low: number;
    readonly high: number;
    /**
     * Whether there is enough of it for an interval at that level at all (6 pairs at 95%, for example); below that the
     * interval is too narrow to trust and nothing is decided.
     */
    readonly enough: boolean;
    /**
     * A test's p-value beside the interval, where it is not the interval's own inversion: Mann-Whitney over samples, or a
     * p-value adjusted for the number of cells compared. Significance then needs both.
     */
    readonly pValue?: number;
    /** How many independent units the interval rests on (alternated pairs, rounds, or samples), for a rule that asks. */
    readonly fewestPairs?: number;
    readonly fewestRounds?: number;
    readonly fewestSamples?: number;
}

/**
 * Slower or faster: the change is significant (the interval excludes 1, and the p-value where there is one is below
 * alpha) and its estimate lies beyond the noise threshold. No change: the whole interval lies within the threshold (a
 * real but smaller change is noise for this purpose). Anything else is inconclusive: more pairs could tell. The estimate,
 * not the interval's far end, must pass the threshold, so that a ratio of 1.04 [1.01, 1.07] is not called a 5% slowdown:
 * it is a change below the threshold that the pairs have not yet placed within it. A sequential design samples on while a
 * look says inconclusive; its last look's inconclusive is final.
 */
export function decideVerdict(evidence: VerdictEvidence, rule: VerdictRule): Verdict {
    if (!evidence.enough) {
        return 'inconclusive';
    }
    const threshold = rule.noiseThreshold;
    const flag = rule.flagThreshold ?? threshold;
    const significant = (evidence.low > 1 || evidence.high < 1) && (evidence.pValue === undefined || evidence.pValue < rule.alpha);
    if (significant && evidence.ratio > 1 + flag) {
        return 'slower';
    }
    if (significant && evidence.ratio < 1 - flag) {
        return 'faster';
    }
    return evidence.low >= 1 - threshold && evidence.high <= 1 + threshold ? 'no change' : 'inconclusive';
}

/** A rule's values checked: alpha strictly between 0 and 1, a threshold of 0 or more. */
export function validVerdictRule(rule: VerdictRule): VerdictRule {
    if (!(rule.alpha > 0 && rule.alpha < 1)) {
        throw new Error(`The significance level must be between 0 and 1, not ${rule.alpha}.`);
    }
    if (!(rule.noiseThreshold >= 0)) {
        throw new Error(`The noise threshold must be a fraction of 0 or more, not ${rule.noiseThreshold}.`);
    }
    if (rule.flagThreshold !== undefined && !(rule.flagThreshold >= 0 && rule.flagThreshold <= rule.noiseThreshold)) {
        throw new Error(`The flag threshold must be a fraction from 0 to the noise threshold (${rule.noiseThreshold}), not ${rule.flagThreshold}.`);
    }
    return rule;
}
