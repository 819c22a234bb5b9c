/** The answer of a bisect written to its run folder: `report.md`, `report.html` (with the chart), and the terminal's text. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { BisectAnswer, bisectAnswerSentence, bisectChartSvg, BisectRecord, renderBisectHtml, renderBisectMarkdown } from '@fs-perf/benchmark-core';
import { theiaAppPackages } from '../../hosts/theia-release';
import { BisectBuild } from './builds';

/** For two releases: the @theia packages of the app, whose versions differ between them, and the release notes' link of the newer. */
export function releaseNotes(builds: readonly BisectBuild[], answer: BisectAnswer): string[] {
    if (answer.outcome !== 'found' || builds[answer.lastUnmoved!].kind !== 'release' || builds[answer.firstMoved!].kind !== 'release') {
        return [];
    }
    const [from, to] = [builds[answer.lastUnmoved!].value, builds[answer.firstMoved!].value];
    const packages = [...theiaAppPackages().dependencies, ...theiaAppPackages().devDependencies];
    return [
        `The app's @theia packages differ between them: ${packages.map(name => `${name} ${from} → ${to}`).join(', ')}.`,
        `Release notes: https://github.com/eclipse-theia/theia/releases/tag/v${to}`,
    ];
}

/** The machine the steps ran on, from the first step's `run.json` (`cpu`, cores), when it can be read. */
export async function stepsMachine(folder: string, record: BisectRecord): Promise<string | undefined> {
    const first = record.steps[0];
    if (!first) {
        return undefined;
    }
    try {
        const run = JSON.parse(await fs.readFile(path.join(folder, first.folder, 'run.json'), 'utf8')) as { machine?: { cpu?: string; cpus?: number } };
        return run.machine?.cpu ? `${run.machine.cpu}, ${run.machine.cpus} cores (${path.join(first.folder, 'run.json')})` : undefined;
    } catch {
        return undefined;
    }
}

/** Writes report.md, report.html and the chart; returns the terminal's text. */
export async function writeBisectAnswer(folder: string, record: BisectRecord): Promise<string> {
    const chart = bisectChartSvg(record);
    await fs.writeFile(path.join(folder, 'report.md'), renderBisectMarkdown(record, chart ? 'chart-bisect.svg' : undefined));
    if (chart) {
        await fs.writeFile(path.join(folder, 'chart-bisect.svg'), chart);
    }
    await fs.writeFile(path.join(folder, 'report.html'), renderBisectHtml(record));
    return [bisectAnswerSentence(record), ...record.releaseNotes ?? [], `answer written: bisect.json, report.md, report.html in ${folder}`].join('\n');
}
