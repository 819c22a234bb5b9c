import { assert } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';

/*
 * The documentation a reader follows: every relative link names a file that exists, every `#section` names a heading
 * of its target (GitHub's slug rules), and every Markdown table renders whole. Written without a Markdown parser: only
 * the few rules GitHub applies that can break a link or a table are needed.
 */

/** A line of a Markdown file outside fenced code blocks, with its 1-based number. */
interface ProseLine {
    readonly text: string;
    readonly line: number;
}

/** README, CONTRIBUTING and every `.md` under docs/ (the committed runs' generated `report.md` included). */
function documentationFiles(): string[] {
    const files = ['README.md', 'CONTRIBUTING.md'].map(name => path.join(REPOSITORY_ROOT, name));
    const walk = (folder: string): void => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
            const entryPath = path.join(folder, entry.name);
            if (entry.isDirectory()) {
                walk(entryPath);
            } else if (entry.name.endsWith('.md')) {
                files.push(entryPath);
            }
        }
    };
    walk(path.join(REPOSITORY_ROOT, 'docs'));
    return files;
}

/** The lines outside fenced code blocks (``` or ~~~, indented or not), where links, headings and tables live. */
export function proseLines(markdown: string): ProseLine[] {
    const lines: ProseLine[] = [];
    let fence: string | undefined;
    markdown.split('\n').forEach((text, index) => {
        const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
        if (fence === undefined && marker) {
            fence = marker;
        } else if (fence !== undefined) {
            if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) {
                fence = undefined;
            }
        } else {
            lines.push({ text, line: index + 1 });
        }
    });
    return lines;
}

/** A line with its code spans emptied, so a bracket or pipe quoted as code is not read as Markdown. */
function withoutCodeSpans(text: string): string {
    return text.replace(/(`+)(?:(?!\1).)+?\1/g, '``');
}

/**
 * GitHub's anchor for a heading (github-slugger): the heading's text lower-cased, punctuation dropped (letters,
 * digits, `_`, `-` and spaces kept), spaces as hyphens; a repeated slug gets `-1`, `-2`, ... in order.
 */
export function headingSlugs(markdown: string): Set<string> {
    const slugs = new Set<string>();
    const seen = new Map<string, number>();
    for (const { text } of proseLines(markdown)) {
        const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
        if (heading === undefined) {
            continue;
        }
        const rendered = heading
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/`/g, '');
        const base = rendered.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '').replace(/ /g, '-');
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        slugs.add(count === 0 ? base : `${base}-${count}`);
    }
    return slugs;
}

/** Every link's and image's target: `[text](target)` and `![alt](target "title")`, outside code. */
export function linkTargets(markdown: string): { target: string; line: number }[] {
    const targets: { target: string; line: number }[] = [];
    for (const { text, line } of proseLines(markdown)) {
        for (const match of withoutCodeSpans(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
            targets.push({ target: match[1], line });
        }
    }
    return targets;
}

/** Problems with the relative links and section references of one file, each naming the file and line. */
export function linkProblems(file: string, markdown: string, slugsOf: (file: string) => Set<string>): string[] {
    const problems: string[] = [];
    const name = path.relative(REPOSITORY_ROOT, file);
    for (const { target, line } of linkTargets(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
            continue;
        }
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const targetFile = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
        if (pathPart !== '' && !existsSync(targetFile)) {
            problems.push(`${name}:${line}: link to ${target}: ${path.relative(REPOSITORY_ROOT, targetFile)} does not exist`);
        } else if (anchor !== undefined && targetFile.endsWith('.md') && !slugsOf(targetFile).has(decodeURIComponent(anchor))) {
            problems.push(`${name}:${line}: link to ${target}: ${path.relative(REPOSITORY_ROOT, targetFile)} has no heading #${anchor}`);
        }
    }
    return problems;
}

/** A table row's cells: split on pipes that are not escaped (GitHub splits on a pipe inside a code span too). */
function tableCells(row: string): number {
    const inner = row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
    return inner.split(/(?<!\\)\|/).length;
}

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * Problems with the tables of one file: a table is a header row, a delimiter row and the rows that follow without a
 * blank line; each row must have the header's cells. A line that starts with `|` outside any table is a row cut off
 * from its table (by a blank line, say), which GitHub renders as text.
 */
export function tableProblems(file: string, markdown: string): string[] {
    const problems: string[] = [];
    const name = path.relative(REPOSITORY_ROOT, file);
    const lines = proseLines(markdown);
    let columns: number | undefined;
    let previous: ProseLine | undefined;
    for (const current of lines) {
        const isRow = current.text.trim().startsWith('|');
        const contiguous = previous !== undefined && previous.line === current.line - 1;
        if (columns !== undefined && isRow && contiguous) {
            const cells = tableCells(current.text);
            if (cells !== columns) {
                problems.push(`${name}:${current.line}: table row has ${cells} cells, its header ${columns}`);
            }
        } else if (isRow && DELIMITER_ROW.test(current.text) && contiguous && previous!.text.trim().startsWith('|')) {
            columns = tableCells(previous!.text);
            const cells = tableCells(current.text);
            if (cells !== columns) {
                problems.push(`${name}:${current.line}: delimiter row has ${cells} cells, its header ${columns}`);
            }
        } else {
            columns = undefined;
        }
        previous = current;
    }
    // Rows no table claimed: a `|` line that is neither a header (followed by a delimiter row) nor inside a table.
    let inTable = false;
    lines.forEach((current, index) => {
        const next = lines[index + 1];
        const isRow = current.text.trim().startsWith('|');
        const previousLine = lines[index - 1];
        const contiguousWithPrevious = previousLine !== undefined && previousLine.line === current.line - 1;
        const startsTable = isRow && next !== undefined && next.line === current.line + 1 && DELIMITER_ROW.test(next.text);
        inTable = isRow && (startsTable || (inTable && contiguousWithPrevious));
        if (isRow && !inTable) {
            problems.push(`${name}:${current.line}: a table row outside any table (split from its table by a blank line?)`);
        }
    });
    return problems;
}

suite('documentation: links, section references and tables', () => {
    const files = documentationFiles();
    const texts = new Map(files.map(file => [file, readFileSync(file, 'utf8')]));
    const slugCache = new Map<string, Set<string>>();
    const slugsOf = (file: string): Set<string> => {
        if (!slugCache.has(file)) {
            slugCache.set(file, headingSlugs(texts.get(file) ?? readFileSync(file, 'utf8')));
        }
        return slugCache.get(file)!;
    };

    test('the files checked: README, CONTRIBUTING and docs/ with its committed reports', () => {
        const names = files.map(file => path.relative(REPOSITORY_ROOT, file));
        for (const expected of ['README.md', 'CONTRIBUTING.md', path.join('docs', 'findings.md'), path.join('docs', 'methodology.md')]) {
            assert.include(names, expected);
        }
        assert.isAtLeast(names.filter(name => name.endsWith(`${path.sep}report.md`)).length, 1, 'the committed runs\' report.md files');
    });

    test('pages a maintainer can carry: docs/compare.md, the how-to, at most 200 lines; no table row of CONTRIBUTING.md over 400 characters; every run folder under docs/ cited', () => {
        assert.isAtMost(readFileSync(path.join(REPOSITORY_ROOT, 'docs', 'compare.md'), 'utf8').trimEnd().split('\n').length, 200);
        const longRows = proseLines(texts.get(path.join(REPOSITORY_ROOT, 'CONTRIBUTING.md'))!).filter(({ text }) => text.startsWith('|') && text.length > 400);
        assert.deepStrictEqual(longRows.map(({ line, text }) => `line ${line}: ${text.length} characters`), []);
        const pages = files.filter(file => !file.endsWith(`${path.sep}report.md`)).map(file => texts.get(file)!).join('\n');
        const runs = readdirSync(path.join(REPOSITORY_ROOT, 'docs'), { withFileTypes: true }).filter(entry => entry.isDirectory() && entry.name !== 'ci').map(entry => entry.name);
        assert.isAtMost(runs.length, 15, 'run folders under docs/');
        assert.deepStrictEqual(runs.filter(run => !pages.includes(`docs/${run}`) && !pages.includes(`(${run}/`)), [], 'run folders no page cites');
    });

    test('GitHub\'s slugs: punctuation dropped, code and links as their text, repeats numbered', () => {
        const slugs = headingSlugs('# Compare two builds of Theia: `--compare`\n## What a run writes, and showing it\n## Intervals\n## Intervals\n'
            + '```sh\n# not a heading\n```\n### See [the docs](docs/x.md) & more\n');
        assert.deepStrictEqual([...slugs], ['compare-two-builds-of-theia---compare', 'what-a-run-writes-and-showing-it', 'intervals', 'intervals-1',
            'see-the-docs--more']);
    });

    test('every relative link names a file that exists, and every #section a heading of its target', () => {
        const problems = files.flatMap(file => linkProblems(file, texts.get(file)!, slugsOf));
        assert.deepStrictEqual(problems, []);
        const sectionReferences = files.flatMap(file => linkTargets(texts.get(file)!)).filter(({ target }) => target.includes('#'));
        assert.isAtLeast(sectionReferences.length, 20, 'the section references the documentation makes were found');
    });

    test('the checks find what is wrong: a missing file, a missing section, a short row, a table split by a blank line', () => {
        const file = path.join(REPOSITORY_ROOT, 'docs', 'example.md');
        const broken = '# Example\n\n[gone](no-such-file.md) [here](#example) [nowhere](#no-such-section) [readme](../README.md#quick-start)\n\n'
            + '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n\n| 4 | 5 |\n';
        const slugs = (target: string): Set<string> => target === file ? headingSlugs(broken) : slugsOf(target);
        assert.deepStrictEqual(linkProblems(file, broken, slugs), [
            'docs/example.md:3: link to no-such-file.md: docs/no-such-file.md does not exist',
            'docs/example.md:3: link to #no-such-section: docs/example.md has no heading #no-such-section',
        ]);
        assert.deepStrictEqual(tableProblems(file, broken), [
            'docs/example.md:8: table row has 1 cells, its header 2',
            'docs/example.md:10: a table row outside any table (split from its table by a blank line?)',
        ]);
    });

    test('every table parses whole: each row has its header\'s cells, and no row is cut off from its table', () => {
        const problems = files.flatMap(file => tableProblems(file, texts.get(file)!));
        assert.deepStrictEqual(problems, []);
    });

    test('README\'s Quick start marks the commands scripts/check-cold-install.sh runs, and they end with yarn bench', () => {
        const readme = texts.get(path.join(REPOSITORY_ROOT, 'README.md'))!;
        const start = readme.indexOf('<!-- check-cold-install');
        const end = readme.indexOf('<!-- /check-cold-install -->');
        assert.isAbove(start, readme.indexOf('## Quick start'), 'the opening comment inside Quick start');
        assert.isAbove(end, start, 'the closing comment after the opening one');
        const lines = readme.slice(start, end).split('\n').map(line => line.trim());
        assert.includeMembers(lines, ['yarn install --frozen-lockfile', 'yarn bench']);
        assert.isBelow(lines.indexOf('yarn install --frozen-lockfile'), lines.indexOf('yarn bench'), 'install before yarn bench');
    });
});
