import { HostInfo } from '@fs-perf/benchmark-core';

/** What the extension host tells about itself; collected in `host.ts`, decided here (pure, unit-tested). */
export interface HostEvidence {
    /** `vscode.env.appName`, e.g. `Visual Studio Code`, `code-server`, `Theia Browser Example`. */
    readonly appName: string;
    /** `vscode.env.appHost`: `desktop`, `web`, or an embedder's name. */
    readonly appHost: string;
    /** `vscode.env.uiKind` as text: `Desktop` or `Web`. */
    readonly uiKind: 'Desktop' | 'Web';
    /** `vscode.env.uriScheme`: `vscode`, `vscode-insiders`, `code-oss`, `theia` (Theia's default). */
    readonly uriScheme: string;
    /** `vscode.env.remoteName`, set when the extension host runs remotely (code-server, VS Code Server, SSH). */
    readonly remoteName?: string;
    /** `vscode.version`: the VS Code release, or in Theia the API level it implements. */
    readonly apiVersion: string;
    /** File name of the host process's main module (`process.argv[1]`); Theia's is `plugin-host.js`. */
    readonly mainModule?: string;
    /** The editor's own version where it is not VS Code's: code-server's (`codeServerVersion` in its product.json). */
    readonly productVersion?: string;
    /** Theia's version, when the host is Theia and it could be read from the application. */
    readonly theiaVersion?: string;
}

/**
 * Decides which editor and runtime run this extension:
 * - Theia, when the URI scheme is Theia's (`theia`) or the process is Theia's plugin host (`plugin-host.js`);
 *   there the UI kind tells Electron (`Desktop`) from the browser (`Web`), as Theia sets it from the frontend;
 * - otherwise VS Code: `server` when the extension host is remote or the UI is a web page (code-server,
 *   VS Code Server), `desktop` otherwise.
 */
export function identifyHost(evidence: HostEvidence): HostInfo {
    const detectedFrom: Record<string, string> = {
        appName: evidence.appName,
        appHost: evidence.appHost,
        uiKind: evidence.uiKind,
        uriScheme: evidence.uriScheme,
        ...(evidence.remoteName ? { remoteName: evidence.remoteName } : {}),
        ...(evidence.mainModule ? { mainModule: evidence.mainModule } : {}),
    };
    const isTheia = evidence.uriScheme === 'theia' || /(^|[\\/])plugin-host(\.js)?$/.test(evidence.mainModule ?? '');
    if (isTheia) {
        return {
            editor: 'theia',
            editorName: evidence.appName || 'Theia',
            editorVersion: evidence.theiaVersion ?? 'unknown',
            runtime: evidence.uiKind === 'Desktop' ? 'electron' : 'browser',
            extensionKind: 'plugin',
            apiVersion: evidence.apiVersion,
            transport: 'Theia plugin RPC',
            detectedFrom,
        };
    }
    const isServer = evidence.remoteName !== undefined || evidence.uiKind === 'Web';
    return {
        editor: 'vscode',
        editorName: evidence.appName || 'VS Code',
        editorVersion: evidence.productVersion ?? evidence.apiVersion,
        runtime: isServer ? 'server' : 'desktop',
        extensionKind: 'extension',
        apiVersion: evidence.apiVersion,
        transport: isServer ? 'VS Code remote extension host' : 'VS Code local extension host',
        detectedFrom,
    };
}
