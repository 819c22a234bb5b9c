import { assert } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_VERDICT_RULE, fewestPairsToDecide } from '@fs-perf/benchmark-core';
import { budgetDesign, sequentialDesign } from '../run/compare/budget-planner';
import { compareMeasuringSeconds } from '../run/estimates';
import { DEFAULT_ALPHA, DEFAULT_NOISE_THRESHOLD_PERCENT } from '../run/option-table';
import { REPOSITORY_ROOT } from '../util/repository';

/** The sources whose literals are checked: benchmark-core's and bench's, their tests left out. */
const SOURCE_FOLDERS = ['benchmark-core/src', 'bench/src'];

/**
 * The literals 0.05 and 0.95 that are not the verdict rule's settings, per file (a path relative to the repository), with
 * why: a file holding more of them than listed here holds a setting of the rule written again.
 */
const OTHER_LITERALS: Readonly<Record<string, { readonly count: number; readonly why: string }>> = {
    'benchmark-core/src/stats/verdict.ts': { count: 2, why: 'DEFAULT_VERDICT_RULE itself' },
    'benchmark-core/src/stats/median-interval.ts': { count: 1, why: 'the level of a median\'s interval in a report, not a comparison\'s' },
    'benchmark-core/src/stats/statistics.ts': { count: 1, why: 'the 95th percentile' },
    'benchmark-core/src/report/model/tables.ts': { count: 1, why: 'the 5th percentile' },
    'benchmark-core/src/report/svg/frame.ts': { count: 1, why: 'an axis\'s padding' },
    'benchmark-core/src/report/svg/dots.ts': { count: 1, why: 'an axis\'s padding' },
    'benchmark-core/src/session/accuracy.ts': { count: 3, why: 'the accuracy check\'s tolerance against a reference read' },
    'benchmark-core/src/measure/runner.ts': { count: 1, why: 'an example in the precision target\'s error message' },
};

function sourceFiles(folder: string): string[] {
    return fs.readdirSync(folder, { withFileTypes: true }).flatMap(entry => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) {
            return entry.name === 'test' ? [] : sourceFiles(full);
        }
        return entry.name.endsWith('.ts') ? [full] : [];
    });
}

/**
 * The code of a TypeScript source without its comments and the text of its quoted strings (an error message's "e.g.
 * 0.05" is an example, not a setting). Template literals are kept whole: their `${}` hold code.
 */
function codeOf(source: string): string {
    let code = '';
    for (let index = 0; index < source.length;) {
        const two = source.slice(index, index + 2);
        if (two === '//' || two === '/*') {
            const end = two === '//' ? source.indexOf('\n', index) : source.indexOf('*/', index + 2) + 2;
            index = end <= 1 ? source.length : end;
            continue;
        }
        const quote = source[index];
        if (quote === '\'' || quote === '"') {
            let end = index + 1;
            while (end < source.length && source[end] !== quote && source[end] !== '\n') {
                end += source[end] === '\\' ? 2 : 1;
            }
            code += quote + quote;
            index = end + 1;
            continue;
        }
        if (quote === '`') {
            let end = index + 1;
            while (end < source.length && source[end] !== '`') {
                end += source[end] === '\\' ? 2 : 1;
            }
            code += source.slice(index, end + 1);
            index = end + 1;
            continue;
        }
        code += quote;
        index += 1;
    }
    return code;
}

/** How many times 0.05 or 0.95 is written in `code`. */
function settingLiterals(code: string): number {
    return code.match(/(?<![\d.])0\.(05|95)(?!\d)/g)?.length ?? 0;
}

suite('the verdict rule\'s settings, from one object', () => {
    test('the sources write 0.05 (alpha, the noise threshold) and 0.95 (1 - alpha) only in DEFAULT_VERDICT_RULE, beside the quantiles and paddings that are no setting of it', () => {
        const files = SOURCE_FOLDERS.flatMap(folder => sourceFiles(path.join(REPOSITORY_ROOT, folder)));
        assert.isAbove(files.length, 100, 'the sources were found');
        const counts = Object.fromEntries(files.map(file => ({ file, count: settingLiterals(codeOf(fs.readFileSync(file, 'utf8'))) }))
            .filter(({ count }) => count > 0).map(({ file, count }) => [path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/'), count]));
        assert.deepStrictEqual(counts, Object.fromEntries(Object.entries(OTHER_LITERALS).map(([file, { count }]) => [file, count])),
            'a setting of the verdict rule is read from DEFAULT_VERDICT_RULE (stats/verdict.ts), or verdictRuleOf for settings that may leave it out');
    });

    test('the literal check sees code only: comments and quoted text are not settings, a template\'s expressions are', () => {
        assert.strictEqual(settingLiterals(codeOf('const a = 1; // alpha 0.05\n/* 0.95 */ const b = \'e.g. 0.05\';')), 0);
        assert.strictEqual(settingLiterals(codeOf('const alpha = options.alpha ?? 0.05;\nconst text = `//${1 - 0.95}`; const url = \'http://x\'; f(0.05);')), 3);
        assert.strictEqual(settingLiterals(codeOf('const p = 10.05 + 0.055 + 0.005;')), 0, 'other numbers are not');
    });

    test('yarn bench\'s and bench:compare\'s --alpha and --noise-threshold defaults are the rule\'s', () => {
        assert.strictEqual(DEFAULT_ALPHA, DEFAULT_VERDICT_RULE.alpha);
        assert.strictEqual(DEFAULT_NOISE_THRESHOLD_PERCENT / 100, DEFAULT_VERDICT_RULE.noiseThreshold);
    });

    test('one function builds the sequential design: the budget\'s design and the preflight\'s fewest pairs come from it, at the run\'s alpha and threshold', () => {
        const compare = { alpha: 0.01, noiseThreshold: 0.03 };
        const design = sequentialDesign(compare);
        assert.deepStrictEqual(design, { alpha: 0.01, noiseThreshold: 0.03, minPairs: 8, lookEvery: 4, correction: 'holm', test: 't', flagThreshold: 0.02 });
        const planned = budgetDesign(600, 100, compare, 15);
        // Results record the design as JSON: its fields in the same order as before, maxPairs last.
        assert.strictEqual(JSON.stringify(planned.design), JSON.stringify({ ...design, maxPairs: planned.design.maxPairs }));
        assert.strictEqual(planned.fewestPairs, fewestPairsToDecide(design, 15));
        assert.strictEqual(compareMeasuringSeconds({ ...compare, pairs: 14, budgetSeconds: 600 }, 5, 15).fewest, planned.fewestPairs);
    });
});
