/**
 * The parsers of the command lines' values (commander's argParser), generic over what an option table's entry allows:
 * each reads its entry's range or choices and throws an InvalidArgumentError naming the flag, which commander prints
 * with the usage. A value means the same wherever it is given, as every command's flags come from the same entries.
 */
import { InvalidArgumentError } from 'commander';
import { compareReleases, countProblem, parseCountCheck, parseNetworkList, parseSizeList, parseTreeSizeList, TREE_SIZE_LABELS } from '@fs-perf/benchmark-core';
import { unsupportedTheiaVersion } from '../hosts/theia-release';
import { BenchHost, NetworkChoice } from './bench-hosts';

/** The numbers an entry takes: from `min` to `max`, each end taken unless excluded. */
export interface NumberRange {
    readonly min: number;
    readonly max: number;
    /** `min` itself is refused (`above 0`: an alpha, a budget of minutes). */
    readonly minExcluded?: boolean;
    /** `max` itself is refused too (`between 0 and 1`). */
    readonly maxExcluded?: boolean;
    /** What `min` means, said beside it in the refusal (`1 (none)`). */
    readonly minMeaning?: string;
    /** A value the refusal offers as an example. */
    readonly example?: number;
}

/** What a parser reads of its entry: the flag as typed (its refusals name it), and the range or choices it takes. */
export interface ValueSpec {
    readonly flag: string;
    readonly range?: NumberRange;
    readonly choices?: readonly string[];
}

/** A flag's parser: the value of the command line's text, refusing (InvalidArgumentError) what its entry does not take. */
export type ValueParser<Value> = (text: string, spec: ValueSpec) => Value;

/** The refusal's words for a range: `from 1 to 1000`, `above 0 and at most 600, e.g. 15`, `between 0 and 1`. */
function rangeWords(range: NumberRange): string {
    const low = range.minMeaning === undefined ? `${range.min}` : `${range.min} (${range.minMeaning})`;
    const span = range.minExcluded && range.maxExcluded ? `between ${low} and ${range.max}`
        : range.minExcluded ? `above ${low} and at most ${range.max}` : `from ${low} to ${range.max}`;
    return range.example === undefined ? span : `${span}, e.g. ${range.example}`;
}

function inRange(value: number, range: NumberRange): boolean {
    return Number.isFinite(value) && (range.minExcluded ? value > range.min : value >= range.min) && (range.maxExcluded ? value < range.max : value <= range.max);
}

/** A parser of a number in its entry's range, refused as `<flag> must be <noun> <range>.` */
function numberArgument(noun: string, whole: boolean): ValueParser<number> {
    return (text, { flag, range }) => {
        // Number('') is 0: an empty value must not pass as 0.
        const value = text.trim() === '' ? NaN : Number(text);
        // A whole number is checked as the editors check their settings (benchmark-core's countProblem).
        if (whole ? countProblem(flag, value, range!) !== undefined : !inRange(value, range!)) {
            throw new InvalidArgumentError(`${flag} must be ${noun === '' ? '' : `${noun} `}${rangeWords(range!)}.`);
        }
        return value;
    };
}

/** A whole number, e.g. `--iterations 15`. */
export const wholeNumberArgument = numberArgument('a whole number', true);
/** A percentage, e.g. `--precision 5`. */
export const percentageArgument = numberArgument('a percentage', false);
/** Minutes, e.g. `--budget 15`. */
export const minutesArgument = numberArgument('a number of minutes', false);
/** A rate, e.g. `--cpu-throttle 4`. */
export const rateArgument = numberArgument('a rate', false);
/** A level between its ends, e.g. `--alpha 0.05`. */
export const levelArgument = numberArgument('', false);

/** One of the entry's choices, as typed, e.g. `--suite trees`. */
export function choiceArgument<Choice extends string = string>(text: string, { flag, choices }: ValueSpec): Choice {
    if (!choices!.includes(text.trim())) {
        throw new InvalidArgumentError(`${flag} must be one of ${choices!.join(', ')}, got '${text}'.`);
    }
    return text.trim() as Choice;
}

/** One of the entry's few choices, in any case, e.g. `--direction Faster`. */
export function wordChoiceArgument(text: string, { flag, choices }: ValueSpec): string {
    const value = text.trim().toLowerCase();
    if (!choices!.includes(value)) {
        throw new InvalidArgumentError(`${flag} must be ${choices!.join(' or ')}.`);
    }
    return value;
}

/** Some of the entry's hosts, comma-separated, in the choices' order. */
export function hostListArgument(text: string, { choices }: ValueSpec): BenchHost[] {
    const hosts = text.split(',').map(host => host.trim()).filter(host => host.length > 0);
    const unknown = hosts.filter(host => !choices!.includes(host));
    if (unknown.length > 0 || hosts.length === 0) {
        throw new InvalidArgumentError(`unknown host ${unknown.join(', ') || '(none)'}; use one or more of ${choices!.join(', ')}.`);
    }
    return choices!.filter(host => hosts.includes(host)) as BenchHost[];
}

/** A comma-separated list of fixture sizes, e.g. `500K,10000K`. */
export function sizeListArgument(text: string): string[] {
    try {
        return parseSizeList(text).map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

/** A comma-separated list of generated trees, e.g. `1k,10k`. */
export function treeListArgument(text: string, { flag }: ValueSpec): string[] {
    try {
        const sizes = parseTreeSizeList(text.split(',').map(label => label.trim()).filter(label => label !== ''));
        if (sizes.length === 0) {
            throw new RangeError(`name at least one tree (${TREE_SIZE_LABELS.join(', ')}).`);
        }
        return sizes.map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError(`${flag}: ${(error as Error).message}`);
    }
}

/** The links to measure over (see benchmark-core's `parseNetworkList`). */
export function networkListArgument(text: string): NetworkChoice[] {
    try {
        return parseNetworkList(text);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

/** Theia release versions, each supported (else refused here, before anything is installed), oldest first. */
export function theiaVersionListArgument(text: string): string[] {
    const versions = [...new Set(text.split(',').map(version => version.trim()).filter(version => version.length > 0))];
    if (versions.length === 0) {
        throw new InvalidArgumentError('name at least one Theia release, e.g. 1.74.1.');
    }
    for (const version of versions) {
        const problem = unsupportedTheiaVersion(version);
        if (problem) {
            throw new InvalidArgumentError(problem);
        }
    }
    return versions.sort(compareReleases);
}

/** An http(s) URL. */
export function theiaUrlArgument(text: string): string {
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        throw new InvalidArgumentError(`${text} is not a URL (e.g. http://127.0.0.1:3000/#/path/to/workspace).`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new InvalidArgumentError(`${text} is not an http(s) URL.`);
    }
    return url.href;
}

/** The groups of exact counts that gate `--check`, e.g. `messages,round-trips`; `none`: no count gates. */
export function countCheckArgument(text: string): string[] {
    if (text.trim() === 'none') {
        return [];
    }
    try {
        return parseCountCheck(text);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}
