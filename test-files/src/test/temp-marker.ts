import * as path from 'path';

// fs-perf's marker of its temporary folders, which `yarn clean --temp` reads: the one writer, plain Node in scripts/
// (test-files cannot import bench's util/temp-marker, which is built after it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tempMarker = require(path.join(__dirname, '..', '..', '..', 'scripts', 'temp-marker.js')) as { TEMP_MARKER: string; writeTempMarker(folder: string, purpose: string): void };

/** The marker's file name (`.fs-perf-temp.json`), which a test listing its temporary folder leaves out. */
export const TEMP_MARKER = tempMarker.TEMP_MARKER;

/** Marks a folder just made in the OS temp folder as this process's, so that `yarn clean --temp` removes it only once the process is gone. */
export const writeTempMarker: (folder: string, purpose: string) => void = tempMarker.writeTempMarker;
