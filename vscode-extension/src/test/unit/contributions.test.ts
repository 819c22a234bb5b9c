import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { extensionSettingsSchema, SCENARIO_SETTING_KEYS, SETTINGS_TITLE, suiteScenarioIds, VSCODE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { FsPerfCommands } from '../../commands';

interface PackageManifest {
    contributes: {
        commands: Array<{ command: string; title: string; category: string }>;
        configuration: { title: string; properties: Record<string, { default?: unknown; items?: { enum?: unknown[] } }> };
        configurationDefaults: Record<string, Record<string, boolean>>;
    };
    capabilities: { untrustedWorkspaces: { supported: boolean | 'limited'; description?: string } };
}

/** The defaults of VS Code 1.100 and Theia 1.74 for these settings: Theia replaces a default with a contributed one, so ours repeats them. */
const EDITOR_DEFAULTS: Record<string, string[]> = {
    'files.watcherExclude': ['**/.git/objects/**', '**/.git/subtree-cache/**', '**/.hg/store/**'],
    'search.exclude': ['**/node_modules', '**/bower_components', '**/*.code-search'],
};

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as PackageManifest;

suite('package.json contributions', () => {
    test('the settings are benchmark-core\'s settings schema (yarn build writes them)', () => {
        assert.deepStrictEqual(manifest.contributes.configuration, { title: SETTINGS_TITLE, properties: extensionSettingsSchema('vscode') });
    });

    test('every VS Code scenario of the catalog is a value of fsPerf.scenarios, and all but the big trees\' run by default', () => {
        const scenarios = manifest.contributes.configuration.properties[SCENARIO_SETTING_KEYS.vscode];
        assert.deepStrictEqual(scenarios.items?.enum, [...suiteScenarioIds('vscode', 'all')]);
        assert.deepStrictEqual(scenarios.default, [...VSCODE_SCENARIO_IDS]);
    });

    test('every command the extension registers is contributed, in the FS Perf category', () => {
        assert.deepStrictEqual(manifest.contributes.commands.map(command => command.command).sort(), Object.values(FsPerfCommands).sort());
        assert.ok(manifest.contributes.commands.every(command => command.category === 'FS Perf'));
    });

    test('watching and search leave out .fs-perf/ and nothing else, and keep both editors\' own defaults', () => {
        const defaults = manifest.contributes.configurationDefaults;
        assert.deepStrictEqual(Object.keys(defaults).sort(), Object.keys(EDITOR_DEFAULTS).sort());
        for (const [key, editorPatterns] of Object.entries(EDITOR_DEFAULTS)) {
            const ours = Object.keys(defaults[key]).filter(pattern => !editorPatterns.includes(pattern));
            assert.deepStrictEqual(ours.map(pattern => pattern.replace(/\/\*\*$/, '')), ['**/.fs-perf'], key);
            assert.ok(Object.values(defaults[key]).every(value => value === true), key);
            assert.deepStrictEqual(editorPatterns.filter(pattern => !(pattern in defaults[key])), [], `${key} keeps the editors' defaults`);
        }
    });

    test('an untrusted workspace does not run it, and the manifest says why', () => {
        const { supported, description } = manifest.capabilities.untrustedWorkspaces;
        assert.strictEqual(supported, false);
        assert.match(description ?? '', /writes .* \.fs-perf\/ .*removes that folder/);
    });
});
