import { rejects } from 'assert';
import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { packTheiaCheckout, readTheiaTarballs, REPOSITORY_ROOT, tarballsVersion } from '@fs-perf/bench';
import { BENCH, temporaryFolderForEachTest } from '../session-helpers';

suite('yarn bench --compare', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-compare-test-', folder => {
        directory = folder;
    });

    test('a built checkout is packed (its public packages/* and dev-packages/*) into tarballs that a tarball side reads; a checkout without lib/ is refused', async function () {
        this.timeout(120_000);
        const checkout = path.join(directory, 'theia');
        // A checkout of two packages, made from this repository's installed @theia/output, plus a private one that is not packed.
        for (const [folder, name, isPrivate] of [['packages/output', '@theia/output', false], ['dev-packages/private-tool', '@theia/private-tool', true]] as const) {
            await fs.cp(path.join(REPOSITORY_ROOT, 'node_modules', '@theia', 'output'), path.join(checkout, folder), { recursive: true });
            const manifestFile = path.join(checkout, folder, 'package.json');
            const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<string, unknown>;
            await fs.writeFile(manifestFile, JSON.stringify({ ...manifest, name, ...(isPrivate ? { private: true } : {}) }));
        }
        await rejects(packTheiaCheckout(checkout, path.join(directory, 'packs'), () => undefined), /is not a built Theia checkout: packages\/core\/lib is missing/);
        await fs.mkdir(path.join(checkout, 'packages', 'core', 'lib'), { recursive: true });
        await fs.writeFile(path.join(checkout, 'packages', 'core', 'package.json'), JSON.stringify({ name: '@theia/core', version: '1.74.1' }));
        const packs = await packTheiaCheckout(checkout, path.join(directory, 'packs'), () => undefined);
        const packed = await readTheiaTarballs(packs);
        assert.sameMembers([...packed.keys()], ['@theia/core', '@theia/output']);
        assert.strictEqual(tarballsVersion(packed), '1.74.1');
        assert.match(packed.get('@theia/output')!.fileName, /^output-1\.74\.1-[0-9a-f]{12}\.tgz$/, 'named by content');
        await rejects(readTheiaTarballs(checkout), /has no @theia\/\* package tarballs/);
    });

    test('bench.js refuses, with exit 2 and the reason, what does not apply with --compare and --compare\'s options without it', () => {
        const cases: [string[], RegExp][] = [
            [['--compare', '1.74.1'], /--compare takes two sides/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--rounds', '3'], /--compare does not take --rounds/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--hosts', 'vscode-server'], /--compare measures two Theia builds as the theia-browser host/],
            [['--pairs', '4'], /--pairs only applies with --compare/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--pairs', '1'], /--pairs must be a whole number from 2 to 100/],
            [['--budget', '5'], /--budget only applies with --compare/],
            [['--restart-every', '2'], /--restart-every only applies with --compare/],
            [['--theia-url', 'http://127.0.0.1:9/', '--pause', '100'], /a Theia at --theia-url keeps its own \(its fsPerf\.pause setting\)/],
            [['--pause', '6000'], /--pause must be a whole number from 0 to 5000/],
            [['--no-warmup-block'], /--no-warmup-block only applies with --compare/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--pause', '6000'], /--pause must be a whole number from 0 to 5000/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--restart-every', '-1'], /--restart-every must be a whole number from 0 to 100/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--budget', '5', '--pairs', '4'], /give one of them/],
            [['--compare', 'a=1.74.1', 'b=1.74.1', '--budget', '0'], /--budget must be a number of minutes above 0/],
        ];
        for (const [args, message] of cases) {
            const result = spawnSync(process.execPath, [BENCH, ...args, '--out', path.join(directory, 'never')], { encoding: 'utf8', timeout: 30_000 });
            assert.strictEqual(result.status, 2, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
            assert.match(result.stderr, message, args.join(' '));
            assert.include(result.stderr, 'see `yarn bench --help`', args.join(' '));
        }
    });
});
