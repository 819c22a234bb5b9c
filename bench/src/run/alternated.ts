/**
 * The two sides of `yarn bench --compare BASE HEAD` as the command line gives them (the run itself: compare/index.ts).
 */
import { existsSync, statSync } from 'fs';
import * as path from 'path';
import { ComparisonSide } from '@fs-perf/benchmark-core';
import { unsupportedTheiaVersion } from '../hosts/theia-release';
import { CompareSideSpec } from './compare-options';

const LABEL = /^([A-Za-z0-9][\w.-]{0,39})=(.+)$/;

/**
 * One side of `--compare` from the command line: `[label=]SPEC`, SPEC a Theia release (`1.74.1`), a folder of `@theia/*`
 * tarballs, a built Theia checkout (it has `packages/core/package.json`), or the URL of a running Theia. Throws, naming
 * what was given, when it is none of these.
 */
export function parseCompareSide(text: string, side: ComparisonSide['side'], base: string): CompareSideSpec {
    const labelled = LABEL.exec(text);
    const label = labelled ? labelled[1] : side;
    const value = (labelled ? labelled[2] : text).trim();
    if (/^\d+\.\d+\.\d+$/.test(value)) {
        const problem = unsupportedTheiaVersion(value);
        if (problem) {
            throw new Error(`${side} side "${text}": ${problem}`);
        }
        return { side, label, kind: 'release', value };
    }
    if (/^https?:\/\//i.test(value)) {
        try {
            return { side, label, kind: 'url', value: new URL(value).href };
        } catch {
            throw new Error(`${side} side "${text}" is not a URL (e.g. http://127.0.0.1:3000/#/path/to/workspace).`);
        }
    }
    const folder = path.resolve(base, value);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
        throw new Error(`${side} side "${text}" is neither a Theia release (e.g. 1.74.1), a URL, nor an existing folder (${folder}).`);
    }
    if (existsSync(path.join(folder, 'packages', 'core', 'package.json'))) {
        return { side, label, kind: 'checkout', value: folder };
    }
    return { side, label, kind: 'tarballs', value: folder };
}

/** The sides of `--compare` given as the URL of a running Theia (`[label=]http...`), as typed. */
export function urlSideTexts(texts: readonly string[] | undefined): string[] {
    return (texts ?? []).filter(text => /^(?:[A-Za-z0-9][\w.-]{0,39}=)?https?:\/\//i.test(text.trim()));
}

/** A refusal's words for sides at URLs: `live=http://... is a Theia this run does not start`. */
export function notStartedWords(urls: readonly string[]): string {
    return `${urls.join(' and ')} ${urls.length === 1 ? 'is a Theia' : 'are Theias'} this run does not start`;
}

/** Both sides; their labels must differ, or the report could not tell them apart. */
export function parseCompareSides(texts: readonly string[], base: string): [CompareSideSpec, CompareSideSpec] {
    if (texts.length !== 2) {
        throw new Error(`--compare takes two sides, BASE and HEAD, not ${texts.length}${texts.length > 0 ? ` (${texts.join(' ')})` : ''}.`);
    }
    const sides: [CompareSideSpec, CompareSideSpec] = [parseCompareSide(texts[0], 'base', base), parseCompareSide(texts[1], 'head', base)];
    if (sides[0].label === sides[1].label) {
        throw new Error(`Both sides are labelled "${sides[0].label}": give them different labels (e.g. base=1.74.1 head=1.74.1).`);
    }
    return sides;
}
