import { Verdict } from '../stats/verdict';

/**
 * "Since when": the search of `yarn bench --bisect` over an ordered list of builds, each step a paired verdict
 * (issue 38, docs/bisect.md). Pure: the comparisons are made by an oracle the caller gives (the bench's `--compare`, or a
 * simulation), so the same search runs in the tests, in a run, and again over a run's finished steps (`--resume`).
 *
 * The endpoints first: GOOD against BAD. Unless BAD moved in the asked direction, the search ends after that one
 * comparison and says what it saw. Then the bracket `[lo, hi]` (lo: the last build known not to have moved, hi: the
 * first known to have moved) is halved: its lower midpoint is compared against lo, the nearer decided endpoint (or as
 * near). "Moved" puts the midpoint at hi; "no change" (or a move the other way) at lo. Inconclusive: the midpoint is
 * compared against hi instead, where "no change" means it moved with hi and a move means it had not yet. Both
 * inconclusive: the search ends with the bracket and what the machine could resolve, never with a build named on a guess.
 *
 * Error control: every comparison is made at `stepAlpha = alpha / maxComparisons`, the most comparisons a search of
 * these builds can make (each halving can take two). Each comparison uses fresh pairs, so the chance that any verdict of
 * the search is wrong is at most the sum of each comparison's, at most `alpha` (Bonferroni over the comparisons).
 */

/** Which way the cell is expected to have moved from GOOD to BAD. */
export type BisectDirection = 'slower' | 'faster';

/** What one comparison of two builds said about the cell: head against base. */
export interface BisectVerdict {
    readonly verdict: Verdict;
    /** Head / base, with its interval at the step's level. */
    readonly ratio: number;
    readonly low: number;
    readonly high: number;
    /** The pairs it took, where known. */
    readonly pairs?: number;
}

/** Why a step compared its two builds. */
export type BisectRole = 'endpoints' | 'midpoint' | 'other endpoint';

/** A comparison the search made: builds by their index in range order. */
export interface BisectStep extends BisectVerdict {
    /** 1, 2, ... in the order made. */
    readonly number: number;
    readonly base: number;
    readonly head: number;
    readonly role: BisectRole;
    /** Seconds the comparison took, where known. */
    readonly seconds?: number;
}

/** What the search asks of a comparison: `head` against `base` (indexes into the builds), at the step's alpha. */
export interface BisectRequest {
    readonly number: number;
    readonly base: number;
    readonly head: number;
    readonly role: BisectRole;
    readonly alpha: number;
    /** The bracket left before this step: `[lo, hi]`. */
    readonly range: readonly [number, number];
}

/** Compares two builds; may reject (a build that fails to start): the search then ends with the steps made so far. */
export type BisectOracle = (request: BisectRequest) => Promise<BisectVerdict & { readonly seconds?: number }>;

/** The design of a search of `buildCount` builds at run alpha `alpha`. */
export interface BisectDesign {
    readonly buildCount: number;
    readonly alpha: number;
    /** The most comparisons the search can make: the endpoints, then two a halving. */
    readonly maxComparisons: number;
    /** Comparisons when every step decides at once: the endpoints and one a halving, ceil(log2 (N - 1)) + 1 <= ceil(log2 N) + 1. */
    readonly cleanComparisons: number;
    /** Each comparison's alpha: alpha / maxComparisons. */
    readonly stepAlpha: number;
}

/** Plans a search; refuses fewer than 2 builds. */
export function planBisect(buildCount: number, alpha: number): BisectDesign {
    if (!(Number.isInteger(buildCount) && buildCount >= 2)) {
        throw new RangeError(`A bisect needs at least 2 builds in range order (GOOD first, BAD last), not ${buildCount}.`);
    }
    if (!(alpha > 0 && alpha < 1)) {
        throw new RangeError(`A bisect's alpha is between 0 and 1, not ${alpha}.`);
    }
    const halvings = Math.ceil(Math.log2(buildCount - 1));
    const maxComparisons = 1 + 2 * halvings;
    return { buildCount, alpha, maxComparisons, cleanComparisons: 1 + halvings, stepAlpha: alpha / maxComparisons };
}

/** How a search ended. */
export type BisectOutcome =
    /** `firstMoved` moved the cell, `lastUnmoved` (the build before it) did not. */
    | 'found'
    /** GOOD against BAD: no change within the threshold. */
    | 'no change'
    /** GOOD against BAD: moved the other way. */
    | 'opposite'
    /** A step could not be decided: the change lies somewhere in `range`, below what the machine resolved. */
    | 'cannot tell'
    /** A comparison failed (a build that did not start): the steps before it are kept. */
    | 'failed';

export interface BisectAnswer {
    readonly outcome: BisectOutcome;
    readonly design: BisectDesign;
    readonly direction: BisectDirection;
    /** The bracket at the end: `[lo, hi]`, adjacent when found. */
    readonly range: readonly [number, number];
    /** With `found`: the two adjacent builds. */
    readonly lastUnmoved?: number;
    readonly firstMoved?: number;
    /**
     * The step whose verdict the answer rests on: with `found`, the comparison of `firstMoved` (or of a build that moved
     * with it) against a build that had not moved; else the step that ended the search.
     */
    readonly evidence?: BisectStep;
    readonly steps: readonly BisectStep[];
    /** With `failed`: why. */
    readonly failure?: string;
}

/** What the search does with a verdict: the midpoint moved, had not moved, or the step could not tell. */
type Placement = 'moved' | 'unmoved' | 'unknown';

function opposite(direction: BisectDirection): Verdict {
    return direction === 'slower' ? 'faster' : 'slower';
}

/** A midpoint compared against lo (head = midpoint). */
function placeAgainstLo(verdict: Verdict, direction: BisectDirection): Placement {
    if (verdict === direction) {
        return 'moved';
    }
    return verdict === 'no change' || verdict === opposite(direction) ? 'unmoved' : 'unknown';
}

/** A midpoint compared against hi (base = midpoint, head = hi): hi still moved beyond it, or it is where hi is. */
function placeAgainstHi(verdict: Verdict, direction: BisectDirection): Placement {
    if (verdict === direction) {
        return 'unmoved';
    }
    return verdict === 'no change' || verdict === opposite(direction) ? 'moved' : 'unknown';
}

/** The search's state while it runs. */
class Search {
    readonly steps: BisectStep[] = [];
    lo = 0;
    hi: number;
    /** For each build known to have moved, the step that showed it moved against a build that had not. */
    readonly movedEvidence = new Map<number, BisectStep>();

    constructor(readonly design: BisectDesign, readonly direction: BisectDirection, readonly oracle: BisectOracle, readonly done: readonly BisectStep[]) {
        this.hi = design.buildCount - 1;
    }

    /** A comparison: a finished one of the same builds and role is taken from `done` (a resumed run), else the oracle makes it. */
    async compare(base: number, head: number, role: BisectRole): Promise<BisectStep> {
        const number = this.steps.length + 1;
        const finished = this.done.find(step => step.base === base && step.head === head && step.role === role);
        const verdict = finished ?? await this.oracle({ number, base, head, role, alpha: this.design.stepAlpha, range: [this.lo, this.hi] });
        const step: BisectStep = {
            number, base, head, role, verdict: verdict.verdict, ratio: verdict.ratio, low: verdict.low, high: verdict.high,
            ...verdict.pairs === undefined ? {} : { pairs: verdict.pairs }, ...verdict.seconds === undefined ? {} : { seconds: verdict.seconds },
        };
        this.steps.push(step);
        return step;
    }

    answer(outcome: BisectOutcome, evidence?: BisectStep, failure?: string): BisectAnswer {
        const found = outcome === 'found';
        return {
            outcome, design: this.design, direction: this.direction, range: [this.lo, this.hi], steps: this.steps,
            ...found ? { lastUnmoved: this.lo, firstMoved: this.hi } : {},
            ...evidence ? { evidence } : {}, ...failure === undefined ? {} : { failure },
        };
    }

    /** One halving of the bracket; returns the step that ends the search when it cannot tell. */
    async halve(): Promise<BisectStep | undefined> {
        const middle = Math.floor((this.lo + this.hi) / 2);
        const first = await this.compare(this.lo, middle, 'midpoint');
        let placement = placeAgainstLo(first.verdict, this.direction);
        if (placement === 'moved') {
            this.movedEvidence.set(middle, first);
        }
        if (placement === 'unknown') {
            const second = await this.compare(middle, this.hi, 'other endpoint');
            placement = placeAgainstHi(second.verdict, this.direction);
            if (placement === 'moved') {
                // It moved as hi did: hi's evidence against an unmoved build is the ratio between them.
                this.movedEvidence.set(middle, this.movedEvidence.get(this.hi)!);
            } else if (placement === 'unknown') {
                return second;
            }
        }
        if (placement === 'moved') {
            this.hi = middle;
        } else {
            this.lo = middle;
        }
        return undefined;
    }

    async run(): Promise<BisectAnswer> {
        const endpoints = await this.compare(0, this.hi, 'endpoints');
        if (endpoints.verdict !== this.direction) {
            const outcome = endpoints.verdict === 'no change' ? 'no change' : endpoints.verdict === 'inconclusive' ? 'cannot tell' : 'opposite';
            return this.answer(outcome, endpoints);
        }
        this.movedEvidence.set(this.hi, endpoints);
        while (this.hi - this.lo > 1) {
            const undecided = await this.halve();
            if (undecided) {
                return this.answer('cannot tell', undecided);
            }
        }
        return this.answer('found', this.movedEvidence.get(this.hi));
    }
}

/**
 * Runs the search over `buildCount` builds (index 0 GOOD, the last BAD). `done`: the steps of an earlier, interrupted
 * search of the same builds at the same alpha, taken again without asking the oracle. A comparison that rejects ends
 * the search as `failed`, with every step made before it.
 */
export async function runBisect(buildCount: number, oracle: BisectOracle, options: { readonly alpha: number; readonly direction?: BisectDirection },
    done: readonly BisectStep[] = []): Promise<BisectAnswer> {
    const search = new Search(planBisect(buildCount, options.alpha), options.direction ?? 'slower', oracle, done);
    try {
        return await search.run();
    } catch (error) {
        return search.answer('failed', undefined, (error as Error).message);
    }
}

/**
 * The change the step that ended the search could have resolved, as a fraction (0.08 = ±8%): the farther end of its
 * interval from 1.
 */
export function resolvableChange(step: BisectVerdict): number {
    return Math.max(step.high - 1, 1 - step.low, 0);
}
