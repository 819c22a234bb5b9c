import * as assert from 'assert';
import { editorDescription, hostLabel, validateResultsDocument } from '@fs-perf/benchmark-core';
import { HostEvidence, identifyHost } from '../../host-identification';

const vscodeDesktop: HostEvidence = {
    appName: 'Visual Studio Code', appHost: 'desktop', uiKind: 'Desktop', uriScheme: 'vscode', apiVersion: '1.100.3',
    mainModule: 'bootstrap-fork.js',
};

suite('host identification', () => {
    test('VS Code desktop: local extension host, desktop UI', () => {
        const host = identifyHost(vscodeDesktop);
        assert.strictEqual(host.editor, 'vscode');
        assert.strictEqual(host.runtime, 'desktop');
        assert.strictEqual(host.extensionKind, 'extension');
        assert.strictEqual(host.editorVersion, '1.100.3');
        assert.strictEqual(hostLabel(host), 'VS Code');
    });

    test('code-server: web UI with a remote extension host is VS Code server', () => {
        const host = identifyHost({ ...vscodeDesktop, appName: 'code-server', appHost: 'web', uiKind: 'Web', remoteName: '127.0.0.1:8080', uriScheme: 'code-oss' });
        assert.strictEqual(host.editor, 'vscode');
        assert.strictEqual(host.runtime, 'server');
        assert.strictEqual(host.editorName, 'code-server');
        assert.strictEqual(host.detectedFrom?.remoteName, '127.0.0.1:8080');
        assert.strictEqual(host.editorVersion, '1.100.3', 'without its own version, the VS Code it bundles');
    });

    test('code-server records its own version (its product.json\'s codeServerVersion) and the VS Code it bundles as the API version', () => {
        const host = identifyHost({ ...vscodeDesktop, appName: 'code-server', uiKind: 'Web', remoteName: '127.0.0.1:8080', productVersion: '4.100.3' });
        assert.strictEqual(host.editorVersion, '4.100.3');
        assert.strictEqual(host.apiVersion, '1.100.3');
        assert.strictEqual(editorDescription(host), 'code-server 4.100.3 (VS Code 1.100.3)');
        assert.strictEqual(editorDescription(identifyHost(vscodeDesktop)), 'Visual Studio Code 1.100.3');
    });

    test('VS Code desktop over Remote-SSH is a server host too', () => {
        assert.strictEqual(identifyHost({ ...vscodeDesktop, remoteName: 'ssh-remote' }).runtime, 'server');
    });

    test('Theia browser: theia URI scheme and a web UI make a browser plugin host', () => {
        const host = identifyHost({
            appName: 'FS Perf (Theia browser)', appHost: 'web', uiKind: 'Web', uriScheme: 'theia', apiVersion: '1.130.0',
            mainModule: 'plugin-host.js', theiaVersion: '1.74.1',
        });
        assert.strictEqual(host.editor, 'theia');
        assert.strictEqual(host.runtime, 'browser');
        assert.strictEqual(host.extensionKind, 'plugin');
        assert.strictEqual(host.editorVersion, '1.74.1');
        assert.strictEqual(host.apiVersion, '1.130.0');
        assert.strictEqual(hostLabel(host), 'Theia browser (plugin)');
    });

    test('Theia Electron: a desktop UI kind in Theia is Electron, even with a custom URI scheme', () => {
        const host = identifyHost({
            appName: 'My IDE', appHost: 'desktop', uiKind: 'Desktop', uriScheme: 'my-ide', apiVersion: '1.130.0', mainModule: 'plugin-host.js',
        });
        assert.strictEqual(host.editor, 'theia');
        assert.strictEqual(host.runtime, 'electron');
        assert.strictEqual(host.editorVersion, 'unknown');
    });

    test('the identified host is valid in a results document', () => {
        const host = identifyHost(vscodeDesktop);
        const timestamp = new Date().toISOString();
        const document = validateResultsDocument({
            schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 't', version: '0' }, runId: 'r', startedAt: timestamp, finishedAt: timestamp,
            host, environment: { versions: {} }, settings: { iterations: 1, warmup: 0, sizes: ['1K'], order: 'ascending', scenarios: ['x'] },
            results: [], skipped: [],
        });
        assert.strictEqual(document.host.runtime, 'desktop');
    });
});
