import { assert } from 'chai';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

interface LongFunction {
    file: string;
    line: number;
    name: string;
    lines: number;
}

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'function-length.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { longFunctions, repositoryFiles, reportLine } = require(SCRIPT) as {
    longFunctions(files: string[], max?: number): LongFunction[];
    repositoryFiles(): string[];
    reportLine(found: LongFunction): string;
};

/** A function declaration `name` spanning exactly `lines` lines, its first line being the declaration's. */
function functionOf(name: string, lines: number): string {
    const body = Array.from({ length: lines - 2 }, (_, index) => `    const value${index} = ${index};`);
    return [`export function ${name}(): void {`, ...body, '}', ''].join('\n');
}

suite('function length (scripts/function-length.js)', () => {
    let folder: string;

    setup(() => {
        folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-function-length-'));
        writeTempMarker(folder, 'test');
    });

    teardown(() => {
        fs.rmSync(folder, { recursive: true, force: true });
    });

    test('no function of the repository\'s sources and scripts is over 80 lines', () => {
        const files = repositoryFiles();
        assert.isAbove(files.length, 100, 'the sources were found');
        assert.deepStrictEqual(longFunctions(files).map(reportLine), []);
    });

    test('a function of 81 lines is reported with its file, line, name and length, one of 80 is not; exit 1', () => {
        fs.writeFileSync(path.join(folder, 'planted.ts'), functionOf('justRight', 80) + functionOf('tooLong', 81));
        const result = spawnSync(process.execPath, [SCRIPT, folder], { encoding: 'utf8' });
        assert.strictEqual(result.status, 1, result.stderr);
        const planted = path.join(folder, 'planted.ts').split(path.sep).join('/');
        assert.include(result.stdout, `${planted}:81 tooLong (81 lines)\n`);
        assert.notInclude(result.stdout, 'justRight');
    });

    test('--max changes the limit, and a run with nothing over it exits 0', () => {
        fs.writeFileSync(path.join(folder, 'planted.ts'), functionOf('tooLong', 81));
        assert.strictEqual(spawnSync(process.execPath, [SCRIPT, '--max', '81', folder]).status, 0);
        const result = spawnSync(process.execPath, [SCRIPT, '--max', '10', folder], { encoding: 'utf8' });
        assert.strictEqual(result.status, 1);
        assert.match(result.stdout, /planted\.ts:1 tooLong \(81 lines\)/);
    });

    test('methods, arrow functions and function expressions, in .ts and .js, are measured and named; tests are not', () => {
        const body = Array.from({ length: 3 }, () => '        work();').join('\n');
        fs.writeFileSync(path.join(folder, 'kinds.ts'), [
            'class Planted {', '    method(): void {', body, '    }', '}',
            'const arrow = (): void => {', body, '};',
            'run(function () {', body, '});', '',
        ].join('\n'));
        fs.writeFileSync(path.join(folder, 'kinds.js'), ['module.exports = { expression: function () {', body, '} };', ''].join('\n'));
        fs.mkdirSync(path.join(folder, 'test'));
        fs.writeFileSync(path.join(folder, 'test', 'inside.ts'), functionOf('inTestFolder', 10));
        fs.writeFileSync(path.join(folder, 'planted.test.ts'), functionOf('inTestFile', 10));
        const found = longFunctions([path.join(folder, 'kinds.ts'), path.join(folder, 'kinds.js')], 4);
        assert.deepStrictEqual(found.map(each => `${path.basename(each.file)}:${each.line} ${each.name} ${each.lines}`), [
            'kinds.ts:2 Planted.method 5', 'kinds.ts:8 arrow 5', 'kinds.ts:13 <callback of run> 5', 'kinds.js:1 expression 5',
        ]);
        const result = spawnSync(process.execPath, [SCRIPT, '--max', '4', folder], { encoding: 'utf8' });
        assert.notInclude(result.stdout, 'inTest');
        assert.include(result.stdout, 'Planted.method');
    });
});
