import type { HostInfo } from './schema';

/**
 * What makes two measurements come from the same host: the editor, where its code ran, and whether a
 * VS Code extension ran natively or as a Theia plugin. Reports and comparisons key rows by this, never by
 * a label; every label is derived from it here.
 */
export type HostKey = Readonly<Pick<HostInfo, 'editor' | 'runtime' | 'extensionKind'>> & {
    /**
     * A Theia release other than the newest in one report that measured several (`yarn bench --theia-version`):
     * its version. The newest release keeps the plain key, so every table of the report shows it as usual.
     */
    readonly release?: string;
};

export function hostKey(host: HostInfo): HostKey {
    return { editor: host.editor, runtime: host.runtime, extensionKind: host.extensionKind };
}

export function sameHost(a: HostKey, b: HostKey): boolean {
    return a.editor === b.editor && a.runtime === b.runtime && a.extensionKind === b.extensionKind && a.release === b.release;
}

/** A map key for a host (its fields joined); for lookups only, never shown. */
export function hostKeyId(key: HostKey): string {
    return `${key.editor}/${key.runtime}/${key.extensionKind}${key.release ? `@${key.release}` : ''}`;
}

const RUNTIME_WORDS: Record<HostKey['runtime'], string> = {
    desktop: 'desktop', server: 'server', browser: 'browser', electron: 'Electron', node: 'node',
};

/** The runtime as a word within a sentence: `browser`, `Electron`. */
export function runtimeWord(key: HostKey): string {
    return RUNTIME_WORDS[key.runtime];
}

/** The runtime at the start of a row label: `Browser`, `Electron`. */
export function runtimeName(key: HostKey): string {
    const word = runtimeWord(key);
    return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Editor and runtime without the extension kind: `Theia browser`, `VS Code server`, `VS Code` (desktop). */
export function editorRuntimeLabel(key: HostKey): string {
    if (key.editor === 'node') {
        return 'Node';
    }
    if (key.editor === 'vscode') {
        return key.runtime === 'desktop' ? 'VS Code' : `VS Code ${runtimeWord(key)}`;
    }
    return key.release ? `Theia ${key.release} ${runtimeWord(key)}` : `Theia ${runtimeWord(key)}`;
}

/**
 * Short name of a host for tables, Output panels and file names, e.g. `Theia browser (plugin)`,
 * `VS Code server`. Theia says extension or plugin because it runs both; VS Code runs only extensions.
 */
export function hostKeyLabel(key: HostKey): string {
    return key.editor === 'theia' ? `${editorRuntimeLabel(key)} (${key.extensionKind})` : editorRuntimeLabel(key);
}

/** {@link hostKeyLabel} of a results file's host. */
export function hostLabel(host: HostInfo): string {
    return hostKeyLabel(hostKey(host));
}

/**
 * Labels for a set of hosts that tell each apart: {@link hostKeyLabel}, and where two hosts would share
 * one (e.g. VS Code desktop as extension and as `none`), the runtime and extension kind after it.
 */
export function distinctHostLabels(keys: readonly HostKey[], newestRelease: (key: HostKey) => string | undefined = () => undefined): (key: HostKey) => string {
    // The newest of several Theia releases keeps the plain key; its label names its version like the others'.
    const keyLabel = (key: HostKey): string => {
        const release = key.release ?? newestRelease(key);
        return hostKeyLabel(release ? { ...key, release } : key);
    };
    const byLabel = new Map<string, Set<string>>();
    for (const key of keys) {
        const label = keyLabel(key);
        byLabel.set(label, (byLabel.get(label) ?? new Set()).add(hostKeyId(key)));
    }
    return key => {
        const label = keyLabel(key);
        return (byLabel.get(label)?.size ?? 0) > 1 ? `${label} [${key.runtime}, ${key.extensionKind}]` : label;
    };
}

/**
 * The editor and its version as every table and text says it, from one place: VS Code's API version is VS Code's own
 * release, so a VS Code build of another name that records its own version (code-server 4.100.3) is followed by the VS
 * Code it bundles (`code-server 4.100.3 (VS Code 1.100.3)`); one whose file recorded only the VS Code version says
 * so, rather than passing it off as its own (`code-server (VS Code 1.100.3; its own version not recorded)`). Theia:
 * the application's name, then Theia's version (`FS Perf (Theia browser), Theia 1.74.1`).
 */
export function editorDescription(host: HostInfo): string {
    if (host.editor === 'theia') {
        const name = host.editorName === 'Theia' ? '' : `${host.editorName}, `;
        return host.editorVersion === 'unknown' ? `${name}Theia, version not recorded` : `${name}Theia ${host.editorVersion}`;
    }
    const isVsCode = /^(Visual Studio Code|VS Code|Code - OSS)/i.test(host.editorName);
    const api = host.apiVersion ?? host.editorVersion;
    if (isVsCode) {
        return `${host.editorName} ${api}`;
    }
    return host.editorVersion === api
        ? `${host.editorName} (VS Code ${api}; its own version not recorded)`
        : `${host.editorName} ${host.editorVersion} (VS Code ${api})`;
}
