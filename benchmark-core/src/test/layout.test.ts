import { assert } from 'chai';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repositoryRoot } from './repository';

const ROOT = repositoryRoot();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkLayout } = require(path.join(ROOT, 'scripts', 'layout.js')) as {
    checkLayout(src: string, options: { layers: Record<string, string[][]>; packages?: string[]; nodeBuiltins?: boolean; skip?: string[] }): string[];
};
// fs-perf's marker of its temporary folders, which `yarn clean --temp` reads (the one writer, plain Node in scripts/).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeTempMarker } = require(path.join(ROOT, 'scripts', 'temp-marker.js')) as { writeTempMarker(folder: string, purpose: string): void };

/** benchmark-core's folders, lowest first: a folder imports only folders below it. */
const LAYERS: Record<string, string[][]> = {
    '': [['errors', 'zod-errors'], ['stats'], ['measure'], ['settings'], ['results'], ['network'], ['compare'], ['report'], ['session'], ['index'], ['bench']],
    'report': [['model'], ['blocks'], ['svg'], ['text', 'comparison-text', 'markdown', 'html', 'benchmark-action', 'files'], ['bisect-report'], ['index']],
    'report/model': [['types', 'tree-cpu-types'], ['section-types'], ['tables', 'hops', 'cpu', 'counts', 'charts', 'environments', 'moved-paths', 'headline', 'paired', 'network', 'operations', 'watcher-load'], ['build'], ['index']],
};

suite('layout of benchmark-core', () => {
    const src = path.join(ROOT, 'benchmark-core', 'src');

    test('folders import only folders below them, no cycle, no Node built-in, only zod and @noble/hashes', () => {
        assert.deepStrictEqual(checkLayout(src, { layers: LAYERS, packages: ['zod', '@noble/hashes/'] }), []);
    });

    test('the checker sees an upward import, a cycle and a Node built-in', () => {
        const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-layout-'));
        writeTempMarker(scratch, 'test');
        try {
            fs.mkdirSync(path.join(scratch, 'low'));
            fs.mkdirSync(path.join(scratch, 'high'));
            fs.writeFileSync(path.join(scratch, 'low', 'a.ts'), "import { b } from '../high/b';\nimport * as fs from 'fs';\nexport const a = 1;\n");
            fs.writeFileSync(path.join(scratch, 'high', 'b.ts'), "import { a } from '../low/a';\nexport const b = a;\n");
            const problems = checkLayout(scratch, { layers: { '': [['low'], ['high']] } });
            assert.deepStrictEqual(problems, [
                'low/a.ts imports high/b.ts: high is above low in src/',
                "low/a.ts imports 'fs', which this package may not import",
                'import cycle: high/b.ts -> low/a.ts -> high/b.ts',
            ]);
        } finally {
            fs.rmSync(scratch, { recursive: true, force: true });
        }
    });
});
