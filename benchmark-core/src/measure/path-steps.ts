import { PLUGIN_READ_HOPS } from './hops';

/** The processes a path can cross. */
export type PathProcess = 'plugin-host' | 'extension-host' | 'frontend' | 'workbench' | 'backend' | 'disk';

/** One step of a path: a message from one process to the next, carrying a request or the file's bytes. */
export interface PathStep {
    readonly id: string;
    readonly from: PathProcess;
    readonly to: PathProcess;
    readonly carries: 'request' | 'bytes';
}

/** A Theia plugin's read, step by step, as {@link PLUGIN_READ_HOPS} traces it (the disk hop crosses nothing). */
export const PLUGIN_READ_STEPS: Readonly<Record<(typeof PLUGIN_READ_HOPS)[number]['id'], PathStep>> = {
    'request-to-frontend': { id: 'request-to-frontend', from: 'plugin-host', to: 'frontend', carries: 'request' },
    'request-to-backend': { id: 'request-to-backend', from: 'frontend', to: 'backend', carries: 'request' },
    disk: { id: 'disk', from: 'backend', to: 'disk', carries: 'request' },
    'bytes-to-frontend': { id: 'bytes-to-frontend', from: 'backend', to: 'frontend', carries: 'bytes' },
    'bytes-to-plugin': { id: 'bytes-to-plugin', from: 'frontend', to: 'plugin-host', carries: 'bytes' },
};

/** The steps of a traced read: the hop trace's hop ids, each known to {@link PLUGIN_READ_STEPS} (else undefined). */
export function stepsOfHopTrace(hopIds: readonly string[]): PathStep[] | undefined {
    const steps = hopIds.map(id => (PLUGIN_READ_STEPS as Record<string, PathStep | undefined>)[id]);
    return steps.every((step): step is PathStep => step !== undefined) ? steps : undefined;
}

export const request = (from: PathProcess, to: PathProcess): PathStep => ({ id: `${from}-to-${to}`, from, to, carries: 'request' });
export const bytes = (from: PathProcess, to: PathProcess): PathStep => ({ id: `${from}-to-${to}`, from, to, carries: 'bytes' });
/** The frontend asks the backend and the bytes come back: one round trip, the file downstream. */
export const FRONTEND_READ = [request('frontend', 'backend'), bytes('backend', 'frontend')];
/** Read where the extension host runs, next to the disk: nothing crosses the link. */
export const IN_HOST_READ = [request('extension-host', 'disk'), bytes('disk', 'extension-host')];

/** A plugin's `workspace.fs` call in Theia's browser app: the plugin host asks the frontend, which asks the backend, and back. */
export const THEIA_PLUGIN_CALL = [request('plugin-host', 'frontend'), request('frontend', 'backend'), request('backend', 'frontend'), request('frontend', 'plugin-host')];
/** A `workspace.fs` call of code-server's extension host on a file: URI: one `$ensureActivation` round trip to the workbench, then its own disk (findings.md, 2). */
export const CODE_SERVER_CALL = [request('extension-host', 'workbench'), request('workbench', 'extension-host')];
/** A `FileService` call of Theia's frontend: to the backend and back. */
export const THEIA_FRONTEND_CALL = [request('frontend', 'backend'), request('backend', 'frontend')];

/**
 * A Theia plugin's `workspace.fs.writeFile`: the bytes go from the plugin host to the frontend (down the link) and on to
 * the backend (up), which writes them and answers back the same way.
 */
export const THEIA_PLUGIN_WRITE = [bytes('plugin-host', 'frontend'), bytes('frontend', 'backend'), request('backend', 'disk'), request('backend', 'frontend'),
    request('frontend', 'plugin-host')];
/** Theia's `FileService.writeFile` from the frontend: the bytes up to the backend, which writes them and answers. */
export const FRONTEND_WRITE = [bytes('frontend', 'backend'), request('backend', 'disk'), request('backend', 'frontend')];
/** A write where the extension host runs, next to the disk: nothing crosses the link. */
export const IN_HOST_WRITE = [bytes('extension-host', 'disk'), request('disk', 'extension-host')];
