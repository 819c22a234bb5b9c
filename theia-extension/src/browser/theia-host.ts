import { FrontendApplicationConfigProvider } from '@theia/core/lib/browser/frontend-application-config-provider';
import { ApplicationServer, ExtensionInfo } from '@theia/core/lib/common/application-protocol';
import { environment } from '@theia/core/shared/@theia/application-package/lib/environment';
import { EnvironmentInfo, HostInfo } from '@fs-perf/benchmark-core';
import { BackendEnvironment } from '../common/fs-perf-backend-protocol';

/** Where the Theia extension runs: Theia's frontend, in a browser tab or in Electron. */
export async function theiaExtensionHost(applicationServer: ApplicationServer): Promise<HostInfo> {
    const extensions = await applicationServer.getExtensionsInfos().catch((): ExtensionInfo[] => []);
    const theiaVersion = extensions.find(extension => extension.name === '@theia/core')?.version ?? 'unknown';
    const isElectron = environment.electron.is();
    return {
        editor: 'theia',
        editorName: FrontendApplicationConfigProvider.get().applicationName,
        editorVersion: theiaVersion,
        runtime: isElectron ? 'electron' : 'browser',
        extensionKind: 'extension',
        transport: 'Theia RPC (msgpackr over WebSocket)',
        detectedFrom: { environment: isElectron ? 'environment.electron.is() = true' : 'environment.electron.is() = false' },
    };
}

/** The version of this extension, as the application's package list has it. */
export async function theiaExtensionVersion(applicationServer: ApplicationServer): Promise<string> {
    const extensions = await applicationServer.getExtensionsInfos().catch((): ExtensionInfo[] => []);
    return extensions.find(extension => extension.name === '@fs-perf/theia-extension')?.version ?? 'unknown';
}

/** The backend machine, plus the frontend's browser or Electron version from its user agent. */
export function theiaEnvironment(backend: BackendEnvironment, userAgent: string): EnvironmentInfo {
    const versions: Record<string, string> = { ...backend.versions };
    for (const [name, pattern] of [['chrome', /Chrome\/([\d.]+)/], ['electron', /Electron\/([\d.]+)/], ['firefox', /Firefox\/([\d.]+)/]] as const) {
        const match = pattern.exec(userAgent);
        if (match) {
            versions[name] = match[1];
        }
    }
    return {
        os: backend.os,
        ...(backend.cpu ? { cpu: backend.cpu } : {}),
        memoryBytes: backend.memoryBytes,
        versions,
        userAgent,
    };
}
