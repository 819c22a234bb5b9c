import { assert } from 'chai';
import { distinctHostLabels, editorRuntimeLabel, hostKey, HostKey, hostKeyLabel, hostLabel, sameHost } from '../results/host-identity';
import { theiaPlugin } from './sample-document';

suite('host identity', () => {
    test('host labels tell VS Code from Theia, browser from Electron, extension from plugin', () => {
        assert.strictEqual(hostLabel(theiaPlugin), 'Theia browser (plugin)');
        assert.strictEqual(hostLabel({ ...theiaPlugin, runtime: 'electron', extensionKind: 'extension' }), 'Theia Electron (extension)');
        assert.strictEqual(hostLabel({ ...theiaPlugin, editor: 'vscode', runtime: 'desktop', extensionKind: 'extension' }), 'VS Code');
        assert.strictEqual(hostLabel({ ...theiaPlugin, editor: 'vscode', runtime: 'server', extensionKind: 'extension' }), 'VS Code server');
        assert.strictEqual(editorRuntimeLabel({ editor: 'theia', runtime: 'electron', extensionKind: 'plugin' }), 'Theia Electron');
    });

    test('the key is the editor, runtime and extension kind only: product names and versions do not split a host', () => {
        const key = hostKey(theiaPlugin);
        assert.deepStrictEqual(key, { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' });
        assert.isTrue(sameHost(key, hostKey({ ...theiaPlugin, editorName: 'Other', editorVersion: '2.0.0', transport: 'x' })));
        assert.isFalse(sameHost(key, hostKey({ ...theiaPlugin, extensionKind: 'extension' })));
    });

    test('hosts that would share a label are told apart; others keep their usual label', () => {
        const extension: HostKey = { editor: 'vscode', runtime: 'desktop', extensionKind: 'extension' };
        const none: HostKey = { editor: 'vscode', runtime: 'desktop', extensionKind: 'none' };
        const theia: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' };
        assert.strictEqual(hostKeyLabel(extension), hostKeyLabel(none), 'the premise: the usual labels collide');
        const label = distinctHostLabels([extension, none, theia]);
        assert.strictEqual(label(extension), 'VS Code [desktop, extension]');
        assert.strictEqual(label(none), 'VS Code [desktop, none]');
        assert.strictEqual(label(theia), 'Theia browser (plugin)');
        assert.strictEqual(distinctHostLabels([extension, extension])(extension), 'VS Code', 'the same host twice is one host');
    });
});
