/** Which pass a comparison measures: alternated blocks (pass.ts), or with `--duet` both sides' blocks at once (duet-pass.ts). */
import { CompareRunOptions } from '../compare-options';
import { DuetMachine, tasksetMachine } from './duet';
import { DuetPass } from './duet-pass';
import { Pass, PassPlan, PassResult } from './pass';
import { PreparedSide } from './side';

/**
 * Measures one pass (see pass.ts); with `--duet`, on `machine`'s two cores (by default the first two this process may
 * run on, pinned with taskset).
 */
export async function measurePass(prepared: readonly PreparedSide[], options: CompareRunOptions, plan: PassPlan, machine?: () => Promise<DuetMachine>): Promise<PassResult> {
    if (!options.compare.duet) {
        return new Pass(prepared, options, plan).measure();
    }
    return new DuetPass(prepared, options, plan, await (machine ?? tasksetMachine)()).measure();
}
