/** `bisect.json`: what a bisect asked, its steps as they finish (so Ctrl+C keeps them and `--resume` goes on), and its answer. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { BisectAnswer, BisectDesign, BisectDirection, BisectStep } from '@fs-perf/benchmark-core';
import { BisectBuild } from './builds';
import { BisectCell } from './cell';

/** A finished step with the cell's median of each build in it, and its folder (relative to the run's). */
export interface RecordedStep extends BisectStep {
    readonly baseMedianMs?: number;
    readonly headMedianMs?: number;
    readonly folder: string;
}

export interface BisectRecord {
    readonly kind: 'fs-perf bisect';
    /** `--bisect`'s value. */
    readonly series: string;
    readonly builds: readonly BisectBuild[];
    /** Unset until the endpoints chose it, when `--cell` was not given. */
    cell?: BisectCell;
    readonly direction: BisectDirection;
    readonly design: BisectDesign;
    readonly noiseThreshold: number;
    readonly steps: RecordedStep[];
    answer?: BisectAnswer;
    readonly started: string;
    seconds: number;
}

export const BISECT_FILE = 'bisect.json';

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
    const record = JSON.parse(text) as BisectRecord;
    if (record.kind !== 'fs-perf bisect' || !Array.isArray(record.steps) || !Array.isArray(record.builds)) {
        throw new Error(`--resume ${folder}: ${BISECT_FILE} is not a bisect's record.`);
    }
    return record;
}
