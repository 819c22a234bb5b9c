/** A bisect's record as `yarn bench --bisect` writes it, made by the real search over 6 builds whose cell moves at b3 (for the report's and Show Report's tests). */
import { BisectVerdict, planBisect, runBisect } from '../compare/bisect';
import { BisectRecord, RecordedStep } from '../report/bisect-report';

/** b0..b5, the cell 20% slower from `changeAt` on; every step decides (the midpoint unmoved against lo says "no change"). */
export async function sampleBisectRecord(changeAt = 3): Promise<BisectRecord> {
    const builds = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'].map(name => ({ name, kind: 'tarballs', value: `/tmp/series/${name}` }));
    const steps: RecordedStep[] = [];
    const median = (index: number): number => index >= changeAt ? 780 : 650;
    const answer = await runBisect(builds.length, async request => {
        const moved = median(request.head) / median(request.base);
        const verdict: BisectVerdict = moved > 1 ? { verdict: 'slower', ratio: moved, low: moved - 0.06, high: moved + 0.05, pairs: 10 }
            : { verdict: 'no change', ratio: 1.01, low: 0.97, high: 1.04, pairs: 13 };
        steps.push({ number: request.number, base: request.base, head: request.head, role: request.role, ...verdict, seconds: 800,
            baseMedianMs: median(request.base), headMedianMs: median(request.head), folder: `steps/0${request.number}-${builds[request.base].name}-vs-${builds[request.head].name}` });
        return { ...verdict, seconds: 800 };
    }, { alpha: 0.05 });
    return {
        kind: 'fs-perf bisect', series: builds.map(build => `${build.name}=${build.value}`).join(','), builds,
        cell: { hostLabel: 'Theia browser (plugin)', scenarioId: 'vscode.workspace.fs.readFile', target: '10000K' }, direction: 'slower',
        design: planBisect(builds.length, 0.05), noiseThreshold: 0.05, steps, answer, machine: 'Intel(R) Xeon(R) Processor, 2 cores (steps/01-b0-vs-b5/run.json)',
        started: '2026-11-27T09:25:00.000Z', seconds: steps.length * 800,
    };
}
