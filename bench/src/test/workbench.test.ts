import { assert } from 'chai';
import { parseRunEnd } from '@fs-perf/benchmark-core';
import { joinWrappedRows, OutputRow, parseGenerateEnd } from '../hosts';

function rows(...texts: string[]): OutputRow[] {
    return texts.map((text, index) => ({ text, top: index * 19 }));
}

suite('Workbench: Output lines from the rows Monaco wrapped them into', () => {
    test('Theia 1.74 (174 columns): a line broken after "." and one broken after a space are joined; short lines stay apart', () => {
        // Rows as Theia's Output view rendered them at 1504 px.
        const lines = joinWrappedRows(rows(
            '[2026-11-22T11:57:51.183Z] Run Theia Benchmark: 6 Theia scenario(s) at 1K, 5K, 50K, 500K, 5000K, 10000K (1000 samples + 0 warm-up each), fixtures in /tmp/explore-ws-bzpX97/.',
            'fs-perf/fixtures',
            'Run stopped: 1K.bin does not match the fixture manifest (SHA-256 eec84995ed18…, expected 477a4ccc0f87…): the fixture is corrupt; run \'FS Perf: Generate Test Files\' (or `yarn ',
            'fixtures`). No results were written.',
            'Run cancelled: no results were written.',
            '',
        ), 174);
        assert.deepStrictEqual(lines.map(line => line.text), [
            '[2026-11-22T11:57:51.183Z] Run Theia Benchmark: 6 Theia scenario(s) at 1K, 5K, 50K, 500K, 5000K, 10000K (1000 samples + 0 warm-up each), fixtures in /tmp/explore-ws-bzpX97/.fs-perf/fixtures',
            'Run stopped: 1K.bin does not match the fixture manifest (SHA-256 eec84995ed18…, expected 477a4ccc0f87…): the fixture is corrupt; run \'FS Perf: Generate Test Files\' (or `yarn fixtures`). No results were written.',
            'Run cancelled: no results were written.',
            '',
        ]);
        assert.deepStrictEqual(lines.map(line => line.top), [0, 38, 76, 95]);
        assert.deepStrictEqual(parseRunEnd(lines[1].text), {
            status: 'failed',
            message: '1K.bin does not match the fixture manifest (SHA-256 eec84995ed18…, expected 477a4ccc0f87…): the fixture is corrupt; run \'FS Perf: Generate Test Files\' (or `yarn fixtures`). No results were written.',
        });
    });

    test('code-server 1.100 (144 columns): the break after a space is kept once; without a measured width rows stay rows', () => {
        const wrapped = rows(
            '[2026-11-22T12:03:42.384Z] Running 5 scenario(s) at 1K, 5K, 50K, 500K, 5000K, 10000K in code-server (1000 samples + 0 warm-up each), fixtures ',
            'in /tmp/explore-cs-gIkW0M/ws/.fs-perf/fixtures',
            'Results: /tmp/ws/.fs-perf/results/x.json',
        );
        assert.deepStrictEqual(joinWrappedRows(wrapped, 144).map(line => line.text), [
            '[2026-11-22T12:03:42.384Z] Running 5 scenario(s) at 1K, 5K, 50K, 500K, 5000K, 10000K in code-server (1000 samples + 0 warm-up each), fixtures in /tmp/explore-cs-gIkW0M/ws/.fs-perf/fixtures',
            'Results: /tmp/ws/.fs-perf/results/x.json',
        ]);
        assert.lengthOf(joinWrappedRows(wrapped, undefined), 3);
    });

    test('an indented line wraps with its indentation repeated, which is removed', () => {
        assert.deepStrictEqual(joinWrappedRows(rows('  aaaa bbbb ', '  cccc', 'dd'), 12).map(line => line.text), ['  aaaa bbbb cccc', 'dd']);
    });

    test('"Generate Test Files" ends are read from their Output lines', () => {
        assert.deepStrictEqual(parseGenerateEnd('Test files ready in /w/.fs-perf/fixtures: 1 written (1 repaired), 5 already correct'),
            { status: 'completed', summary: 'Test files ready in /w/.fs-perf/fixtures: 1 written (1 repaired), 5 already correct' });
        assert.deepStrictEqual(parseGenerateEnd('Generating test files failed: disk full'), { status: 'failed', message: 'disk full' });
        assert.strictEqual(parseGenerateEnd('Generating test files cancelled; files already complete were kept.')?.status, 'cancelled');
        assert.isUndefined(parseGenerateEnd('1K  1024  3  0.1'));
    });
});
