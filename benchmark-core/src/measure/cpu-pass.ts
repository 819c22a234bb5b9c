import { CaseCpu, CpuProbe, cpuUsedBetween } from './cpu';
import { ScenarioCase } from './scenario';

const CPU_PASS_MIN_CALLS = 3;
const CPU_PASS_MAX_CALLS = 1000;

/**
 * A case's CPU pass: its call repeated for at least `passMs` and `minCalls` calls (3 by default; at most 1000), untimed,
 * between two readings of the processes' CPU time; `firstIndex` is the sample index the first call gets. Internal to the runner.
 */
export async function cpuPass(scenarioCase: ScenarioCase, firstIndex: number, probe: CpuProbe, passMs: number, throwIfCancelled: () => void,
    minCalls = CPU_PASS_MIN_CALLS): Promise<CaseCpu> {
    let index = firstIndex;
    const before = await probe();
    const started = performance.now();
    let calls = 0;
    while (calls < minCalls || (performance.now() - started < passMs && calls < CPU_PASS_MAX_CALLS)) {
        throwIfCancelled();
        await scenarioCase.runSample(index++);
        calls++;
    }
    const wallMs = performance.now() - started;
    const after = await probe();
    return { calls, wallMs, processes: cpuUsedBetween(before, after) };
}
