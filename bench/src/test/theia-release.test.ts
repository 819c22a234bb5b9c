import { assert } from 'chai';
import * as os from 'os';
import * as path from 'path';
import { OLDEST_SUPPORTED_THEIA, unsupportedTheiaVersion } from '../hosts';
import { benchTargets } from '../run';
import { runCollected } from '../hosts/theia-release/commands';
import { parseBenchArgumentsQuietly as parse } from './parse-quietly';

suite('Theia releases: yarn bench --theia-version', () => {
    test('only plain 1.x releases from the oldest supported one on; refused with the reason before anything is installed', () => {
        assert.isUndefined(unsupportedTheiaVersion(OLDEST_SUPPORTED_THEIA));
        assert.isUndefined(unsupportedTheiaVersion('1.74.1'));
        assert.match(unsupportedTheiaVersion('1.43.0')!, /older than 1\.54\.0.*ServiceConnectionProvider/);
        assert.match(unsupportedTheiaVersion('latest')!, /"latest" is not a Theia release version/);
        assert.match(unsupportedTheiaVersion('1.75.0-next.14')!, /not a Theia release version/);
        assert.match(unsupportedTheiaVersion('2.0.0')!, /only Theia 1\.x/);
        const refused = parse(['--theia-version', '1.74.1,1.43.0']);
        assert.strictEqual(refused.result, 2);
        assert.include(refused.stderr, 'Theia 1.43.0 is older than 1.54.0');
    });

    test('the releases replace the browser app as theia-browser targets, oldest first; conflicting options are refused', () => {
        const options = parse(['--theia-version', '1.74.1, 1.54.0,1.74.1', '--hosts', 'theia-browser,vscode-server']).result;
        assert.notStrictEqual(typeof options, 'number');
        if (typeof options === 'number') {
            return;
        }
        assert.deepStrictEqual(options.theiaVersions, ['1.54.0', '1.74.1']);
        assert.strictEqual(options.theiaCache, undefined);
        assert.deepStrictEqual(benchTargets(options).map(target => target.id), ['theia-browser-1.54.0', 'theia-browser-1.74.1', 'vscode-server']);
        assert.strictEqual(parse(['--theia-version', '1.74.1', '--hosts', 'vscode-server']).result, 2);
        assert.strictEqual(parse(['--theia-version', '1.74.1', '--theia-url', 'http://127.0.0.1:3000/']).result, 2);
        assert.strictEqual(parse(['--force']).result, 2, '--force without --theia-version');
        const cached = parse(['--theia-version', '1.74.1', '--theia-cache', 'apps']).result;
        assert.strictEqual(typeof cached !== 'number' && cached.theiaCache, path.join(os.tmpdir(), 'apps'));
    });
});

suite('Theia releases: the registry\'s answers', () => {
    test('a command\'s warnings on standard error never reach the JSON its output is parsed as (npm warns under yarn)', async () => {
        const script = 'console.error("npm warn Unknown env config \\"version-git-tag\\""); console.log(JSON.stringify(["1.54.0", "1.74.1"]));';
        const output = await runCollected(process.execPath, ['-e', script], { cwd: os.tmpdir() });
        assert.deepStrictEqual(JSON.parse(output), ['1.54.0', '1.74.1']);
        const failing = 'console.error("npm error E404 Not Found"); process.exit(1);';
        try {
            await runCollected(process.execPath, ['-e', failing], { cwd: os.tmpdir() });
            assert.fail('a failing command resolved');
        } catch (error) {
            assert.include((error as Error).message, 'E404 Not Found');
        }
    });
});
