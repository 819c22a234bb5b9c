import { VerificationError } from '../errors';
import { GENERATE_FIXTURES_HINT } from './manifest';
import { SampleOutput, Scenario, ScenarioCase, ScenarioTarget } from './scenario';
import { sha256Hex } from './sha256';
import { generateTreesHint } from './trees';

/** How the bytes of a case were checked. */
export type VerificationLevel = 'sha256' | 'length' | 'count';

export async function verifySample(scenario: Scenario, scenarioCase: ScenarioCase, target: ScenarioTarget, output: SampleOutput,
    checkContent: boolean): Promise<VerificationLevel> {
    const where = `${scenario.label} of ${target.fileName}`;
    if (target.watchBurst !== undefined) {
        // A lost event is a finding, recorded with the sample: only a count that cannot be is an error.
        const received = output.events?.received;
        if (received === undefined || !Number.isInteger(received) || received < 0 || received > target.watchBurst) {
            throw new VerificationError(`${where} counted ${String(received)} events of ${target.watchBurst} files: a count from 0 to ${target.watchBurst} was expected.`,
                target.fileName);
        }
        return 'count';
    }
    if (target.itemCount !== undefined && output.itemCount !== undefined) {
        if (output.itemCount !== target.itemCount) {
            const hint = target.tree ? `the tree is damaged; ${generateTreesHint(target.tree.size)}`
                : target.burst ? 'a file of the burst was not there to delete, or was left behind after it; see the editor\'s log' : GENERATE_FIXTURES_HINT;
            throw new VerificationError(`${where} returned ${output.itemCount} ${target.burst ? 'files' : 'entries'}, expected ${target.itemCount}: ${hint}.`,
                target.fileName);
        }
        return 'count';
    }
    let bytes = output.bytes;
    const length = bytes?.byteLength ?? output.byteCount;
    if (length === undefined) {
        throw new VerificationError(`${where} returned nothing the runner can verify (no bytes, byte count or entry count).`, target.fileName);
    }
    if (length !== target.bytes) {
        throw new VerificationError(`${where} returned ${length} bytes, expected ${target.bytes}: the fixture is damaged; ${GENERATE_FIXTURES_HINT}.`,
            target.fileName);
    }
    if (scenario.verification !== 'content' || target.sha256 === undefined) {
        return 'length';
    }
    if (checkContent) {
        bytes ??= await scenarioCase.readBack?.();
        if (bytes === undefined) {
            throw new VerificationError(`${where} returned no bytes and cannot read them back, so its content cannot be verified.`, target.fileName);
        }
        const actual = await sha256Hex(bytes);
        if (actual !== target.sha256) {
            throw new VerificationError(`${target.fileName} does not match the fixture manifest (SHA-256 ${actual.slice(0, 12)}…, expected ${target.sha256.slice(0, 12)}…): the fixture is corrupt; ${GENERATE_FIXTURES_HINT}.`,
                target.fileName);
        }
    }
    return 'sha256';
}
