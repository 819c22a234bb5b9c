import type { HostInfo } from './results';

/**
 * What makes two measurements come from the same host: the editor, where its code ran, and whether a
 * VS Code extension ran natively or as a Theia plugin. Reports and comparisons key rows by this, never by
 * a label; every label is derived from it here.
 */
export type HostKey = Readonly<Pick<HostInfo, 'editor' | 'runtime' | 'extensionKind'>>;

export function hostKey(host: HostInfo): HostKey {
    return { editor: host.editor, runtime: host.runtime, extensionKind: host.extensionKind };
}

export function sameHost(a: HostKey, b: HostKey): boolean {
    return a.editor === b.editor && a.runtime === b.runtime && a.extensionKind === b.extensionKind;
}

/** A map key for a host (its fields joined); for lookups only, never shown. */
export function hostKeyId(key: HostKey): string {
    return `${key.editor}/${key.runtime}/${key.extensionKind}`;
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
    return `Theia ${runtimeWord(key)}`;
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
export function distinctHostLabels(keys: readonly HostKey[]): (key: HostKey) => string {
    const byLabel = new Map<string, Set<string>>();
    for (const key of keys) {
        const label = hostKeyLabel(key);
        byLabel.set(label, (byLabel.get(label) ?? new Set()).add(hostKeyId(key)));
    }
    return key => {
        const label = hostKeyLabel(key);
        return (byLabel.get(label)?.size ?? 0) > 1 ? `${label} [${key.runtime}, ${key.extensionKind}]` : label;
    };
}
