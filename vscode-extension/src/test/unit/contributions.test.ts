import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { extensionSettingsSchema, SCENARIO_SETTING_KEYS, SETTINGS_TITLE, VSCODE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { FsPerfCommands } from '../../commands';

interface PackageManifest {
    contributes: {
        commands: Array<{ command: string; title: string; category: string }>;
        configuration: { title: string; properties: Record<string, { default?: unknown; items?: { enum?: unknown[] } }> };
    };
}

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as PackageManifest;

suite('package.json contributions', () => {
    test('the settings are benchmark-core\'s settings schema (yarn build writes them)', () => {
        assert.deepStrictEqual(manifest.contributes.configuration, { title: SETTINGS_TITLE, properties: extensionSettingsSchema('vscode') });
    });

    test('every VS Code scenario of the catalog is a value of fsPerf.scenarios and runs by default', () => {
        const scenarios = manifest.contributes.configuration.properties[SCENARIO_SETTING_KEYS.vscode];
        assert.deepStrictEqual(scenarios.items?.enum, [...VSCODE_SCENARIO_IDS]);
        assert.deepStrictEqual(scenarios.default, [...VSCODE_SCENARIO_IDS]);
    });

    test('every command the extension registers is contributed, in the FS Perf category', () => {
        assert.deepStrictEqual(manifest.contributes.commands.map(command => command.command).sort(), Object.values(FsPerfCommands).sort());
        assert.ok(manifest.contributes.commands.every(command => command.category === 'FS Perf'));
    });
});
