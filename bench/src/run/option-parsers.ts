/**
 * Parsers of the command lines' values (commander's argParser) that the commands share, so that a value means the same
 * wherever it is given: each throws an InvalidArgumentError naming the option, which commander prints with the usage.
 */
import { InvalidArgumentError } from 'commander';
import { compareReleases, countProblem, parseCountCheck, parseNetworkList, parseSizeList, parseTreeSizeList, TREE_SIZE_LABELS } from '@fs-perf/benchmark-core';
import { unsupportedTheiaVersion } from '../hosts/theia-release';
import { BENCH_HOSTS, BenchHost, NetworkChoice } from './bench-hosts';

/**
 * A commander argument parser for a whole number in `range`, checked as the editors check their settings (benchmark-core's
 * `countProblem`); the message names the option (commander's own words before it name the value).
 */
export function integerArgument(name: string, range: { min: number; max: number }): (text: string) => number {
    return text => {
        const value = text.trim() === '' ? NaN : Number(text);
        if (countProblem(name, value, range) !== undefined) {
            throw new InvalidArgumentError(`${name} must be a whole number from ${range.min} to ${range.max}.`);
        }
        return value;
    };
}

/** A commander argument parser for a comma-separated list of fixture sizes, e.g. `500K,10000K`. */
export function sizeListArgument(text: string): string[] {
    try {
        return parseSizeList(text).map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

/** A commander argument parser for a comma-separated list of generated trees, e.g. `1k,10k`. */
export function treeListArgument(text: string): string[] {
    try {
        const sizes = parseTreeSizeList(text.split(',').map(label => label.trim()).filter(label => label !== ''));
        if (sizes.length === 0) {
            throw new RangeError(`name at least one tree (${TREE_SIZE_LABELS.join(', ')}).`);
        }
        return sizes.map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError(`--tree-sizes: ${(error as Error).message}`);
    }
}

/** A commander argument parser for one of `choices`, e.g. `--suite trees`. */
export function choiceArgument<T extends string>(name: string, choices: readonly T[]): (text: string) => T {
    return text => {
        if (!choices.includes(text.trim() as T)) {
            throw new InvalidArgumentError(`${name} must be one of ${choices.join(', ')}, got '${text}'.`);
        }
        return text.trim() as T;
    };
}

/** `--budget`: minutes, more than 0 and at most 600. */
export function minutesArgument(text: string): number {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 600) {
        throw new InvalidArgumentError('--budget must be a number of minutes above 0 and at most 600, e.g. 15.');
    }
    return value;
}

/** A parser for a percentage from `range.min` (up to `range.max`, where given). */
export function percentageArgument(name: string, range: { min: number; max?: number }): (text: string) => number {
    return text => {
        const value = Number(text);
        if (text.trim() === '' || !Number.isFinite(value) || value < range.min || (range.max !== undefined && value > range.max)) {
            throw new InvalidArgumentError(range.max === undefined ? `${name} must be a percentage of ${range.min} or more, e.g. 5.`
                : `${name} must be a percentage from ${range.min} to ${range.max}.`);
        }
        return value;
    };
}

/** `--alpha`: a significance level, above 0 and below 1. */
export function alphaArgument(text: string): number {
    const value = Number(text);
    if (!(value > 0 && value < 1)) {
        throw new InvalidArgumentError('--alpha must be between 0 and 1, e.g. 0.05.');
    }
    return value;
}

/** `--cpu-throttle`: Chromium's CPU throttling rate, 1 (none) to 20. */
export function cpuThrottleArgument(text: string): number {
    const rate = Number(text);
    if (!Number.isFinite(rate) || rate < 1 || rate > 20) {
        throw new InvalidArgumentError('--cpu-throttle must be a rate from 1 (none) to 20.');
    }
    return rate;
}

/** `--network`: the links to measure over (see benchmark-core's `parseNetworkList`). */
export function networkListArgument(text: string): NetworkChoice[] {
    try {
        return parseNetworkList(text);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

/** `--hosts`: known hosts only, in {@link BENCH_HOSTS}' order. */
export function hostListArgument(text: string): BenchHost[] {
    const hosts = text.split(',').map(host => host.trim()).filter(host => host.length > 0);
    const unknown = hosts.filter(host => !(BENCH_HOSTS as readonly string[]).includes(host));
    if (unknown.length > 0 || hosts.length === 0) {
        throw new InvalidArgumentError(`unknown host ${unknown.join(', ') || '(none)'}; use one or more of ${BENCH_HOSTS.join(', ')}.`);
    }
    return BENCH_HOSTS.filter(host => hosts.includes(host));
}

/** `--theia-version`: release versions, each supported (else refused here, before anything is installed), oldest first. */
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

/** `--theia-url`: an http(s) URL. */
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

/** `--direction`: the way a bisect's cell moved, `slower` or `faster`. */
export function directionArgument(text: string): 'slower' | 'faster' {
    const value = text.trim().toLowerCase();
    if (value !== 'slower' && value !== 'faster') {
        throw new InvalidArgumentError('--direction must be slower or faster.');
    }
    return value;
}

/** `--check-counts`: the groups of exact counts that gate `--check`, e.g. `messages,round-trips`; `none`: no count gates. */
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
