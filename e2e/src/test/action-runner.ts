/**
 * Runs a composite action's steps (action.yml) here, in order, as GitHub's runner runs them: each `run` step a bash
 * script (`bash --noprofile --norc -eo pipefail`, the runner's `shell: bash`) in its own process group, with the runner's
 * environment (`GITHUB_ACTION_PATH`, `GITHUB_WORKSPACE`, `RUNNER_TEMP`, `GITHUB_STEP_SUMMARY`, a fresh `GITHUB_OUTPUT`
 * per step) pointed at temporary files; `${{ }}` expressions and `if:` conditions evaluated from the inputs, the steps'
 * outputs and the runner's context; a step skipped after a failure unless its condition says `always()`. A `uses:` step
 * (another action: the cache, the artifact upload) cannot run offline and is recorded with its evaluated `with:` instead.
 * Only the expressions action.yml uses are understood: any other is an error, so the action cannot outgrow this check.
 */
import { spawn } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { stopProcessGroup } from '@fs-perf/bench';

interface ActionStep {
    readonly name?: string;
    readonly id?: string;
    readonly if?: string;
    readonly shell?: string;
    readonly run?: string;
    readonly uses?: string;
    readonly with?: Record<string, string>;
    readonly env?: Record<string, string>;
    readonly 'working-directory'?: string;
}

interface ActionFile {
    readonly inputs: Record<string, { readonly required?: boolean; readonly default?: string }>;
    readonly outputs: Record<string, { readonly value: string }>;
    readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

/** What became of one step. */
export interface StepRecord {
    readonly name: string;
    readonly outcome: 'success' | 'failure' | 'skipped' | 'not run here';
    readonly exitCode?: number;
    /** stdout and stderr together. */
    readonly log: string;
    /** A `uses:` step's `with:`, evaluated. */
    readonly with?: Record<string, string>;
}

/** The action's run: its steps, its outputs, the summary it wrote and the exit code the job would see. */
export interface ActionRun {
    readonly steps: readonly StepRecord[];
    readonly outputs: Record<string, string>;
    readonly summary: string;
    /** 0 when every step succeeded, else the last failed step's exit code. */
    readonly exitCode: number;
}

/** The runner's folders for the run, each made by the caller: the workspace (the job's checkout) and the runner's temp. */
export interface RunnerFolders {
    readonly workspace: string;
    readonly temp: string;
}

/** `GITHUB_OUTPUT`'s file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
    const outputs: Record<string, string> = {};
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
        const line = lines[index];
        const block = /^([^=<]+)<<(.+)$/.exec(line);
        if (block) {
            const end = lines.indexOf(block[2], index + 1);
            if (end < 0) {
                throw new Error(`GITHUB_OUTPUT: ${block[1]}'s block never ends with ${block[2]}`);
            }
            outputs[block[1]] = lines.slice(index + 1, end).join('\n');
            index = end;
        } else if (line.includes('=')) {
            outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
        } else if (line.trim() !== '') {
            throw new Error(`GITHUB_OUTPUT: a line that is neither name=value nor name<<DELIMITER: ${line}`);
        }
    }
    return outputs;
}

/** Runs a bash script as the runner does, in its own process group (stopped whole if it outlives `timeoutMs`). */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number; log: string }> {
    return new Promise((resolve, reject) => {
        const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let log = '';
        child.stdout.on('data', chunk => log += chunk);
        child.stderr.on('data', chunk => log += chunk);
        const timer = setTimeout(() => {
            void stopProcessGroup(child.pid!).finally(() => reject(new Error(`${script} did not finish within ${timeoutMs / 1000} s:\n${log}`)));
        }, timeoutMs);
        child.on('error', reject);
        child.on('close', code => {
            clearTimeout(timer);
            resolve({ code: code ?? 1, log });
        });
    });
}

/**
 * Runs `actionFile`'s steps with `inputs` (the `with:` a workflow gives it) in `folders`, each step given at most
 * `stepTimeoutMs`. `env` is the job's environment (PATH and the like); the runner's own variables are set over it.
 * `beforeStep`, where given, is awaited before each step that runs, with the step's name.
 */
export async function runCompositeAction(actionFile: string, inputs: Record<string, string>, folders: RunnerFolders, env: NodeJS.ProcessEnv,
    stepTimeoutMs: number, beforeStep?: (name: string) => Promise<void>): Promise<ActionRun> {
    const action = parse(await fs.readFile(actionFile, 'utf8')) as ActionFile;
    if (action.runs.using !== 'composite') {
        throw new Error(`${actionFile} is not a composite action (runs.using: ${action.runs.using})`);
    }
    // Read at each use, so that `beforeStep` may still set an input (a side's URL once its app runs).
    const given = (name: string): string => name in inputs ? inputs[name] : action.inputs[name].default ?? '';
    for (const [name, input] of Object.entries(action.inputs)) {
        if (input.required && !(name in inputs)) {
            throw new Error(`the input ${name} is required`);
        }
    }
    const unknown = Object.keys(inputs).filter(name => !(name in action.inputs));
    if (unknown.length > 0) {
        throw new Error(`${actionFile} has no input ${unknown.join(', ')} (a workflow's with: would be refused)`);
    }
    const actionPath = path.dirname(actionFile);
    const summary = path.join(folders.temp, '_runner_file_commands', 'step_summary');
    await fs.mkdir(path.dirname(summary), { recursive: true });
    await fs.writeFile(summary, '');
    const stepOutputs = new Map<string, Record<string, string>>();
    const context = (name: string): string => {
        const parts = name.split('.');
        if (parts[0] === 'inputs' && parts.length === 2 && parts[1] in action.inputs) {
            return given(parts[1]);
        }
        if (parts[0] === 'steps' && parts.length === 4 && parts[2] === 'outputs') {
            return stepOutputs.get(parts[1])?.[parts[3]] ?? '';
        }
        const known: Record<string, string> = { 'github.action_path': actionPath, 'github.workspace': folders.workspace, 'runner.os': 'Linux', 'runner.temp': folders.temp };
        if (name in known) {
            return known[name];
        }
        throw new Error(`the expression ${name} is not one this runner knows`);
    };
    const evaluate = (text: string): string => text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => context(expression.trim()));
    let failed: number | undefined;
    const condition = (text: string | undefined): boolean => {
        const terms = (text ?? 'success()').replace(/^\$\{\{\s*|\s*\}\}$/g, '').split('&&').map(term => term.trim());
        const status = terms.some(term => term === 'always()') ? true : terms.includes('failure()') ? failed !== undefined : failed === undefined;
        return status && terms.every(term => {
            if (['always()', 'success()', 'failure()'].includes(term)) {
                return true;
            }
            const comparison = /^([\w.-]+)\s*(==|!=)\s*'([^']*)'$/.exec(term);
            if (!comparison) {
                throw new Error(`the condition ${term} is not one this runner knows`);
            }
            return (context(comparison[1]) === comparison[3]) === (comparison[2] === '==');
        });
    };
    const records: StepRecord[] = [];
    for (const [index, step] of action.runs.steps.entries()) {
        const name = step.name ?? step.uses ?? `step ${index + 1}`;
        if (!condition(step.if)) {
            records.push({ name, outcome: 'skipped', log: '' });
            continue;
        }
        await beforeStep?.(name);
        if (step.uses) {
            records.push({ name, outcome: 'not run here', log: '', with: Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, evaluate(String(value))])) });
            continue;
        }
        if (step.shell !== 'bash' || step.run === undefined) {
            throw new Error(`step ${name}: a composite action's run step needs shell: bash`);
        }
        const script = path.join(folders.temp, `step-${index + 1}.sh`);
        const output = path.join(folders.temp, '_runner_file_commands', `set_output_${index + 1}`);
        await fs.writeFile(script, evaluate(step.run));
        await fs.writeFile(output, '');
        const stepEnv: NodeJS.ProcessEnv = {
            ...env, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: folders.workspace, RUNNER_TEMP: folders.temp, RUNNER_OS: 'Linux',
            GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output,
            ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, evaluate(String(value))])),
        };
        const cwd = step['working-directory'] ? evaluate(step['working-directory']) : folders.workspace;
        const { code, log } = await runScript(script, cwd, stepEnv, stepTimeoutMs);
        if (step.id) {
            stepOutputs.set(step.id, parseOutputFile(await fs.readFile(output, 'utf8')));
        }
        records.push({ name, outcome: code === 0 ? 'success' : 'failure', exitCode: code, log });
        if (code !== 0) {
            failed = code;
        }
    }
    const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value)]));
    return { steps: records, outputs, summary: await fs.readFile(summary, 'utf8'), exitCode: failed ?? 0 };
}
