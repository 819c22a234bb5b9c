/** `bisect.json`: what a bisect asked, its steps as they finish (so Ctrl+C keeps them and `--resume` goes on), and its answer. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { BISECT_FILE, BisectRecord as RecordOfAnyBuilds, bisectRecordProblem } from '@fs-perf/benchmark-core';
import { BisectBuild } from './builds';

export { BISECT_FILE, RecordedStep } from '@fs-perf/benchmark-core';

/** The record as the bench writes it: its builds are sides `--compare` accepts. */
export interface BisectRecord extends RecordOfAnyBuilds {
    readonly builds: readonly BisectBuild[];
}

export async function writeBisectRecord(folder: string, record: BisectRecord): Promise<void> {
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, BISECT_FILE);
    await fs.writeFile(`${file}.tmp`, JSON.stringify(record, undefined, 2) + '\n');
    await fs.rename(`${file}.tmp`, file);
}

/** The record of an earlier bisect in `folder` (`--resume`); throws with a clear line when there is none. */
export async function readBisectRecord(folder: string): Promise<BisectRecord> {
    const file = path.join(folder, BISECT_FILE);
    let text: string;
    try {
        text = await fs.readFile(file, 'utf8');
    } catch {
        throw new Error(`--resume ${folder}: there is no ${BISECT_FILE} there; give the folder of a bisect run (it has ${BISECT_FILE}).`);
    }
    let record: unknown;
    try {
        record = JSON.parse(text);
    } catch (error) {
        throw new Error(`--resume ${folder}: ${BISECT_FILE} is not JSON (${(error as Error).message}).`);
    }
    const problem = bisectRecordProblem(record);
    if (problem) {
        throw new Error(`--resume ${folder}: ${BISECT_FILE} cannot be resumed: ${problem}.`);
    }
    return record as BisectRecord;
}
