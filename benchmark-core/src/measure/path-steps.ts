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
