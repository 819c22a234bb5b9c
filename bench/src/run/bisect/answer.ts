/** The answer of a bisect, as a user wants it: terminal text, `report.md` and `report.html` (with the chart) in the run's folder. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { BisectAnswer, renderLineChartSvg, resolvableChange } from '@fs-perf/benchmark-core';
import { theiaAppPackages } from '../../hosts/theia-release';
import { BisectBuild } from './builds';
import { bisectCellName } from './cell';
import { BisectRecord, RecordedStep } from './record';

const ratioText = (step: { ratio: number; low: number; high: number }): string => `${step.ratio.toFixed(3)} [${step.low.toFixed(3)}, ${step.high.toFixed(3)}]`;
const percent = (fraction: number): string => `±${Math.round(fraction * 100)}%`;

/** The answer in one paragraph: what moved the cell, or why no build is named. */
export function answerSentence(record: BisectRecord): string {
    const answer = record.answer!;
    const name = (index: number): string => record.builds[index].name;
    const cell = record.cell ? bisectCellName(record.cell) : 'the cell';
    const evidence = answer.evidence;
    switch (answer.outcome) {
        case 'found':
            return `${name(answer.firstMoved!)} is the first build where ${cell} is ${record.direction}; ${name(answer.lastUnmoved!)} is the last where it is not. `
                + `Ratio ${ratioText(evidence!)} (${name(evidence!.head)} against ${name(evidence!.base)}, step ${evidence!.number}).`;
        case 'no change':
            return `No change of ${cell} between ${name(0)} and ${name(record.builds.length - 1)}: ${ratioText(evidence!)}, within the ±${Math.round(record.noiseThreshold * 100)}% threshold. Nothing to bisect.`;
        case 'opposite':
            return `${cell} is not ${record.direction} from ${name(0)} to ${name(record.builds.length - 1)} but the other way: ${ratioText(evidence!)}. Nothing to bisect (see --direction).`;
        case 'cannot tell':
            return `Cannot tell: the change of ${cell} lies between ${name(answer.range[0])} and ${name(answer.range[1])}, below what this machine resolved `
                + `(${percent(resolvableChange(evidence!))} in step ${evidence!.number}: ${ratioText(evidence!)}). No build is named.`;
        default:
            return `The bisect stopped: ${answer.failure}. The ${answer.steps.length} finished step${answer.steps.length === 1 ? ' is' : 's are'} kept; --resume goes on from them.`;
    }
}

/** For two releases: the @theia packages of the app, whose versions differ between them, and the release notes' links of the releases after the older. */
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

function stepRows(record: BisectRecord): string[] {
    const name = (index: number): string => record.builds[index].name;
    return [
        '| Step | Role | Base | Head | Verdict | Ratio [interval] | Pairs | Base median (ms) | Head median (ms) | Time | Folder |',
        '|---:|---|---|---|---|---|---:|---:|---:|---:|---|',
        ...record.steps.map((step: RecordedStep) => `| ${step.number} | ${step.role} | ${name(step.base)} | ${name(step.head)} | ${step.verdict} | ${ratioText(step)} `
            + `| ${step.pairs ?? ''} | ${step.baseMedianMs?.toFixed(1) ?? ''} | ${step.headMedianMs?.toFixed(1) ?? ''} | ${step.seconds === undefined ? '' : `${Math.round(step.seconds / 60)} min`} | [${step.folder}](${step.folder}/report.md) |`),
    ];
}

/** The chart: the cell's median per tested build in range order (a build tested in several steps: the median of its last step). */
export function bisectChartSvg(record: BisectRecord): string | undefined {
    const medians = new Map<number, number>();
    for (const step of record.steps) {
        if (step.baseMedianMs !== undefined) {
            medians.set(step.base, step.baseMedianMs);
        }
        if (step.headMedianMs !== undefined) {
            medians.set(step.head, step.headMedianMs);
        }
    }
    if (medians.size === 0 || !record.cell) {
        return undefined;
    }
    const tested = [...medians.keys()].sort((a, b) => a - b);
    return renderLineChartSvg({
        title: `${bisectCellName(record.cell)}: median per tested build, in range order`,
        xTitle: 'build (tested ones only, in range order; log axis)', yTitle: 'median (ms, log axis)',
        series: [{ name: 'tested build', points: tested.map(index => ({ x: index + 1, y: medians.get(index)!, text: `${record.builds[index].name}: ${medians.get(index)!.toFixed(1)} ms` })) }],
        xLabels: new Map(tested.map(index => [index + 1, record.builds[index].name])),
    });
}

/** Writes report.md and report.html; returns the terminal's text. */
export async function writeBisectAnswer(folder: string, record: BisectRecord): Promise<string> {
    const sentence = answerSentence(record);
    const notes = releaseNotes(record.builds, record.answer!);
    const chart = bisectChartSvg(record);
    const design = record.design;
    const lines = [
        `# Bisect: ${record.cell ? bisectCellName(record.cell) : 'no cell chosen'} (${record.direction}), ${record.builds[0].name}..${record.builds.at(-1)!.name}`, '',
        sentence, '', ...notes.flatMap(note => [note, '']),
        `${record.builds.length} builds, ${record.steps.length} comparisons (at most ${design.maxComparisons}), each at alpha ${design.stepAlpha.toPrecision(2)}: the run's ${design.alpha} `
            + 'split over the comparisons a search can make. The medians are each step\'s own (steps run at different times; compare ratios, not medians across steps).', '',
        ...stepRows(record), '',
        ...chart ? ['![median per tested build](chart-bisect.svg)', ''] : [],
    ];
    await fs.writeFile(path.join(folder, 'report.md'), lines.join('\n'));
    if (chart) {
        await fs.writeFile(path.join(folder, 'chart-bisect.svg'), chart);
    }
    const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    await fs.writeFile(path.join(folder, 'report.html'), `<!doctype html><meta charset="utf-8"><title>Bisect</title><body><h1>${escape(lines[0].slice(2))}</h1>`
        + `<p>${escape(sentence)}</p>${notes.map(note => `<p>${escape(note).replace(/(https:\/\/\S+)/, '<a href="$1">$1</a>')}</p>`).join('')}`
        + `<pre>${escape(stepRows(record).join('\n'))}</pre>${chart ?? ''}</body>\n`);
    return [sentence, ...notes, `answer written: bisect.json, report.md, report.html in ${folder}`].join('\n');
}
