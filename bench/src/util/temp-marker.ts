import * as path from 'path';
import { REPOSITORY_ROOT } from './repository';

/** What `.fs-perf-temp.json` holds: the process that made the folder, when it started, and what the folder is for. */
export interface TempMarker {
    readonly pid: number;
    readonly startedAt: number;
    readonly clock: 'proc-starttime' | 'epoch-ms';
    readonly purpose: string;
}

// The one writer of the marker, plain Node in scripts/ so that `yarn clean` (which reads it) and the plain scripts run
// it without a build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tempMarker = require(path.join(REPOSITORY_ROOT, 'scripts', 'temp-marker.js')) as {
    TEMP_MARKER: string;
    writeTempMarker(folder: string, purpose: string): void;
    markerOfThisProcess(purpose: string): TempMarker;
};

/** The marker's file name (`.fs-perf-temp.json`), at the top of each `fs-perf-*` folder fs-perf makes in the OS temp folder. */
export const TEMP_MARKER = tempMarker.TEMP_MARKER;

/**
 * Marks `folder`, just made in the OS temp folder, as this process's: `yarn clean --temp` removes a marked folder
 * once its process is gone, and never an unmarked one.
 */
export const writeTempMarker: (folder: string, purpose: string) => void = tempMarker.writeTempMarker;

/** The marker this process writes (for tests). */
export const markerOfThisProcess: (purpose: string) => TempMarker = tempMarker.markerOfThisProcess;
