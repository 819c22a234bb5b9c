import { assert } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const runCommand = require(path.join(REPOSITORY_ROOT, 'scripts', 'run-command.js')) as {
    isBuilt(root: string): boolean;
    checkBeforeBuild(root: string, command: string, argv: readonly string[]): number | undefined;
};

/** Writes `text` to `file` (its folders made), dated `seconds` after the epoch. */
function file(at: string, text: string, seconds: number): void {
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
    utimesSync(at, seconds, seconds);
}

suite('scripts/run-command.js (yarn bench checks its command line before the build)', () => {
    let root: string;

    setup(() => {
        root = mkdtempSync(path.join(os.tmpdir(), 'fs-perf-run-command-test-'));
        writeTempMarker(root, 'test');
        for (const project of ['benchmark-core', 'test-files', 'bench']) {
            file(path.join(root, project, 'src', 'deep', 'a.ts'), '', 1000);
            file(path.join(root, project, 'tsconfig.tsbuildinfo'), '{}', 2000);
        }
        // A parser that refuses everything: whether it is asked shows in the exit code.
        file(path.join(root, 'bench', 'lib', 'commands', 'bench-arguments.js'), 'exports.checkCommandLine = () => 2;', 2000);
    });

    teardown(() => {
        rmSync(root, { recursive: true, force: true });
    });

    test('a tree built after its last source change is built: the built parser answers', () => {
        assert.isTrue(runCommand.isBuilt(root));
        assert.strictEqual(runCommand.checkBeforeBuild(root, 'bench', ['--sizes', '7K']), 2);
    });

    test('a source newer than its project\'s build, or a project never built: the build runs first (the parser is not asked)', () => {
        file(path.join(root, 'benchmark-core', 'src', 'deep', 'b.ts'), '', 3000);
        assert.isFalse(runCommand.isBuilt(root));
        assert.isUndefined(runCommand.checkBeforeBuild(root, 'bench', ['--sizes', '7K']));
        file(path.join(root, 'benchmark-core', 'tsconfig.tsbuildinfo'), '{}', 4000);
        assert.isTrue(runCommand.isBuilt(root));
        rmSync(path.join(root, 'test-files', 'tsconfig.tsbuildinfo'));
        assert.isFalse(runCommand.isBuilt(root));
    });

    test('no built parser: the build runs first', () => {
        rmSync(path.join(root, 'bench', 'lib'), { recursive: true });
        assert.isUndefined(runCommand.checkBeforeBuild(root, 'bench', ['--sizes', '7K']));
    });
});
