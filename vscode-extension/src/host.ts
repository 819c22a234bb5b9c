import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createRequire } from 'module';
import * as vscode from 'vscode';
import { EnvironmentInfo, HostInfo } from '@fs-perf/benchmark-core';
import { HostEvidence, identifyHost } from './host-identification';

/** Theia's version, read from `@theia/core` as the application at `appRoot` resolves it. */
function readTheiaVersion(appRoot: string): string | undefined {
    try {
        const requireFromApp = createRequire(path.join(appRoot, 'package.json'));
        const corePackage = requireFromApp('@theia/core/package.json') as { version?: string };
        return corePackage.version;
    } catch {
        return undefined;
    }
}

/** code-server's own version, which its build writes into the product.json at `appRoot` (VS Code's has none). */
function readCodeServerVersion(appRoot: string): string | undefined {
    try {
        const product = JSON.parse(fs.readFileSync(path.join(appRoot, 'product.json'), 'utf8')) as { codeServerVersion?: unknown };
        return typeof product.codeServerVersion === 'string' && product.codeServerVersion.length > 0 ? product.codeServerVersion : undefined;
    } catch {
        return undefined;
    }
}

export function collectHostEvidence(): HostEvidence {
    const mainModule = process.argv[1] ? path.basename(process.argv[1]) : undefined;
    const uriScheme = vscode.env.uriScheme;
    const theiaLike = uriScheme === 'theia' || mainModule === 'plugin-host.js' || mainModule === 'plugin-host';
    return {
        appName: vscode.env.appName,
        appHost: vscode.env.appHost,
        uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'Web' : 'Desktop',
        uriScheme,
        remoteName: vscode.env.remoteName,
        apiVersion: vscode.version,
        mainModule,
        productVersion: !theiaLike && vscode.env.appRoot ? readCodeServerVersion(vscode.env.appRoot) : undefined,
        theiaVersion: theiaLike && vscode.env.appRoot ? readTheiaVersion(vscode.env.appRoot) : undefined,
    };
}

export function currentHost(): HostInfo {
    return identifyHost(collectHostEvidence());
}

/** The machine and runtime as the extension host sees them. */
export function collectEnvironment(): EnvironmentInfo {
    const cpus = os.cpus();
    const versions: Record<string, string> = { node: process.versions.node, v8: process.versions.v8 };
    const electron = (process.versions as Record<string, string | undefined>).electron;
    if (electron) {
        versions.electron = electron;
    }
    return {
        os: { platform: process.platform, release: os.release(), arch: process.arch },
        ...(cpus.length > 0 ? { cpu: { model: cpus[0].model.trim(), count: cpus.length } } : {}),
        memoryBytes: os.totalmem(),
        versions,
    };
}
