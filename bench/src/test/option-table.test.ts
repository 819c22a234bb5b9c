import { assert } from 'chai';
import { Option } from 'commander';
import { extensionSettingsSchema, PAUSE_RANGE, SettingSchema } from '@fs-perf/benchmark-core';
import { benchCommand, parseBenchArguments } from '../commands/bench';
import { COMPARE_DEFAULTS } from '../run/compare-options';
import { BENCH_FLAGS, benchFlags, longFlag } from '../run/bench-flags';
import { BenchOptions, NETWORK_DEFAULTS, RUN_MODES, TREES_DEFAULTS } from '../run/option-table';
import { optionField, recordedOptions, runSettings } from '../run/options';
import { BISECT_FLAGS, MODE_ARGUMENTS, SAMPLES } from './flag-samples';

/** `yarn bench`'s parser on `argv`, with what it printed to stderr (its refusals, commander's usage errors). */
function parse(argv: readonly string[]): { result: BenchOptions | number; stderr: string } {
    let stderr = '';
    const write = process.stderr.write;
    const error = console.error;
    process.stderr.write = ((chunk: string) => {
        stderr += chunk;
        return true;
    }) as typeof process.stderr.write;
    console.error = (...parts: unknown[]) => {
        stderr += parts.join(' ') + '\n';
    };
    try {
        return { result: parseBenchArguments(argv, '/tmp/fs-perf-options'), stderr };
    } finally {
        process.stderr.write = write;
        console.error = error;
    }
}

function options(argv: readonly string[]): BenchOptions {
    const { result, stderr } = parse(argv);
    assert.notTypeOf(result, 'number', `${argv.join(' ')}: ${stderr}`);
    return result as BenchOptions;
}

/** The help with its wrapping undone, so that a description reads as one line. */
function help(): string {
    return benchCommand().helpInformation().replace(/\s+/g, ' ');
}

suite('yarn bench\'s option table', () => {
    test('every flag of the table has a sample here, and its name is commander\'s attribute name of its flags', () => {
        assert.sameMembers(Object.keys(SAMPLES), Object.keys(BENCH_FLAGS));
        for (const [name, entry] of benchFlags()) {
            assert.strictEqual(new Option(entry.flags).attributeName(), name);
            // A comparison refuses a flag with the flag's own reason, never with a bare "only applies with".
            // --tree-sizes applies with --suite trees, with --compare or not (and says so when the suite is not the trees); --watch-tree likewise with --suite watch.
            assert.isTrue(entry.modes.includes('compare') || entry.notWith?.compare !== undefined || entry.modes.includes('trees') || entry.modes.includes('watch'),
                `${name}: its reason for --compare`);
            for (const mode of Object.keys(entry.notWith ?? {})) {
                assert.notInclude(entry.modes, mode, `${name}: a mode it applies with and is refused in`);
            }
        }
    });

    test('every flag of the table is in the help with its words, its default and each mode\'s own default', () => {
        const text = help();
        for (const [name, entry] of benchFlags()) {
            assert.include(text, ` ${entry.flags} `, name);
            assert.include(text, entry.description.replace(/\s+/g, ' '), name);
        }
        assert.include(text, `(default: 15; with --compare: ${COMPARE_DEFAULTS.iterations}; with --network: ${NETWORK_DEFAULTS.iterations}; with --suite: ${TREES_DEFAULTS.iterations})`);
        assert.include(text, `(default: 0; with --compare: ${COMPARE_DEFAULTS.pauseMs})`);
        assert.include(text, '--no-cpu-pass skip the CPU passes');
        assert.include(text, '(the default with --network)');
        assert.include(text, '--pairs <n> with --compare: a fixed number');
        assert.include(text, '--theia-cache <dir> with --theia-version or --compare:');
        // The flag that asks for a mode is not "with" itself; a refused mode's default is not offered.
        assert.notInclude(text, '--compare <sides...> with --compare');
        assert.notMatch(text, /--precision <percent>[^-]*with --compare/);
    });

    test('a flag given in a mode it does not apply to is refused with exit code 2, naming the flag and the mode', () => {
        let refusals = 0;
        for (const [name, entry] of benchFlags()) {
            for (const mode of Object.keys(entry.notWith ?? {}) as (keyof typeof RUN_MODES)[]) {
                const argv = [...MODE_ARGUMENTS[mode], ...SAMPLES[name]];
                const { result, stderr } = parse(argv);
                assert.strictEqual(result, 2, argv.join(' '));
                assert.include(stderr, longFlag(name), argv.join(' '));
                assert.include(stderr, RUN_MODES[mode].flag, argv.join(' '));
                refusals++;
            }
            // The flag that asks for its mode (--compare) is always in it.
            if (!BISECT_FLAGS.includes(name) && !entry.modes.includes('plain') && !entry.modes.some(mode => mode !== 'plain' && RUN_MODES[mode].flag === longFlag(name))) {
                const { result, stderr } = parse(SAMPLES[name]);
                assert.strictEqual(result, 2, name);
                // Named alone, or with the flags its sample needs that apply in the same modes (--bisect-exit's --cell).
                assert.match(stderr, new RegExp(`^error: (--[\\w-]+, )*${longFlag(name)}(, --[\\w-]+)* only appl(ies|y) with --`), name);
                assert.include(stderr, entry.modes.map(mode => mode === 'plain' ? '' : RUN_MODES[mode].flag).join(' or '), name);
                refusals++;
            }
        }
        assert.isAtLeast(refusals, 15, "the loop tried the table's refusals");
        // Given together, the flags one mode does not take are named in one refusal.
        assert.include(parse([...SAMPLES.compare, ...SAMPLES.rounds, ...SAMPLES.precision]).stderr, '--compare does not take --precision, --rounds:');
    });

    test('each flag alone in a mode it applies to is taken, its value in its fields', () => {
        for (const [name, entry] of benchFlags()) {
            const mode = entry.modes[0];
            const argv = mode === 'plain' || MODE_ARGUMENTS[mode] === SAMPLES[name] || BISECT_FLAGS.includes(name) ? SAMPLES[name] : [...MODE_ARGUMENTS[mode], ...SAMPLES[name]];
            const run = options(argv);
            assert.notStrictEqual(optionField(run, entry.fields[0]), undefined, `${argv.join(' ')}: ${entry.fields[0]}`);
        }
        assert.strictEqual(options(SAMPLES.iterations).iterations, 3);
        assert.strictEqual(options([...SAMPLES.compare, ...SAMPLES.noiseThreshold]).compare!.noiseThreshold, 0.03);
    });

    test('each kind of run takes its own defaults, and a flag given wins', () => {
        assert.deepInclude(options([]), { iterations: 15, warmup: 2, precision: 5, cpuPass: true, pauseMs: undefined });
        assert.deepInclude(options(SAMPLES.network), { iterations: NETWORK_DEFAULTS.iterations, warmup: NETWORK_DEFAULTS.warmup, precision: 0, cpuPass: false });
        const compare = options(SAMPLES.compare);
        assert.deepInclude(compare, { hosts: ['theia-browser'], iterations: COMPARE_DEFAULTS.iterations, warmup: COMPARE_DEFAULTS.warmup, precision: 0, cpuPass: true });
        assert.deepInclude(compare.compare!, { pairs: COMPARE_DEFAULTS.pairs, budgetSeconds: COMPARE_DEFAULTS.budgetMinutes * 60, pauseMs: COMPARE_DEFAULTS.pauseMs });
        assert.strictEqual(options([...SAMPLES.network, '--iterations', '9']).iterations, 9);
        // A fixed number of pairs only when asked for; then no budget.
        assert.isUndefined(options([...SAMPLES.compare, ...SAMPLES.pairs]).compare!.budgetSeconds);
        // Duet is opt-in: off unless --duet is given.
        assert.isFalse(compare.compare!.duet);
        assert.isTrue(options([...SAMPLES.compare, ...SAMPLES.duet]).compare!.duet);
        assert.match(compare.out, /bench-results\/compare-/);
    });

    test('the refusals the e2e tests and the docs name are still given, with exit code 2', () => {
        const cases: [string[], RegExp][] = [
            [['--network', 'lan', ...SAMPLES.compare], /^error: --network puts its proxy in front of servers this run starts; leave out --compare \(or --network\)\.$/m],
            [['--compare', '1.74.1'], /--compare takes two sides/],
            [[...SAMPLES.compare, '--rounds', '3'], /--compare does not take --rounds/],
            [[...SAMPLES.compare, '--hosts', 'vscode-server'], /--compare measures two Theia builds as the theia-browser host; leave out --hosts vscode-server/],
            [['--pairs', '4'], /--pairs only applies with --compare/],
            [['--no-warmup-block'], /--no-warmup-block only applies with --compare/],
            [[...SAMPLES.theiaUrl, '--pause', '100'], /a Theia at --theia-url keeps its own \(its fsPerf\.pause setting\)/],
            [[...SAMPLES.compare, '--budget', '5', '--pairs', '4'], /give one of them/],
            [['--hosts', 'vscode-server', ...SAMPLES.theiaUrl], /--theia-url measures the theia-browser host; add theia-browser to --hosts vscode-server/],
            [[...SAMPLES.theiaVersion, ...SAMPLES.theiaUrl], /--theia-version builds and starts its own apps; leave out --theia-url \(or --theia-version\)/],
            [['--force'], /--force only applies with --theia-version or --compare/],
            [['--iterations', '0'], /--iterations must be a whole number from 1 to 1000/],
            [['--duet'], /^error: --duet only applies with --compare\.$/m],
            [['--compare', 'base=1.74.1', 'live=http://127.0.0.1:3000/', '--duet'],
                /^error: --duet starts both sides itself to pin their processes to a core each, and live=http:\/\/127\.0\.0\.1:3000\/ is a Theia this run does not start: give a release, a folder of tarballs or a checkout, or leave out --duet\.$/m],
            [['--compare', 'http://127.0.0.1:3000/', 'http://127.0.0.1:3001/', '--duet'], /and http:\/\/127\.0\.0\.1:3000\/ and http:\/\/127\.0\.0\.1:3001\/ are Theias this run does not start/],
            [[...SAMPLES.compare, '--duet', '--restart-every', '2'], /^error: --duet starts both sides afresh for every pair; leave out --restart-every 2 \(or --duet\)\.$/m],
        ];
        for (const [argv, message] of cases) {
            const { result, stderr } = parse(argv);
            assert.strictEqual(result, 2, argv.join(' '));
            assert.match(stderr, message, argv.join(' '));
        }
    });

    test('the settings handed to the editors are the table\'s keys, each a setting of benchmark-core\'s schema, with the run\'s values', () => {
        const schema: Record<string, SettingSchema> = { ...extensionSettingsSchema('vscode'), ...extensionSettingsSchema('theia') };
        for (const [name, entry] of benchFlags()) {
            if (entry.setting !== undefined) {
                assert.containsAllKeys(extensionSettingsSchema('vscode'), [entry.setting], name);
                assert.containsAllKeys(extensionSettingsSchema('theia'), [entry.setting], name);
            }
        }
        const tableKeys = [...benchFlags().map(([, entry]) => entry.setting), ...Object.values(RUN_MODES).flatMap(mode => Object.keys(mode.settings ?? {}))];
        for (const argv of [[], ['--pause', '250', '--iterations', '3'], SAMPLES.network, SAMPLES.compare]) {
            const settings = runSettings(options(argv));
            for (const [key, value] of Object.entries(settings)) {
                assert.include(tableKeys, key, argv.join(' '));
                assert.containsAllKeys(schema, [key], argv.join(' '));
                if (typeof value === 'number') {
                    assert.isAtLeast(value, schema[key].minimum!, key);
                    assert.isAtMost(value, schema[key].maximum!, key);
                }
            }
        }
        assert.deepInclude(runSettings(options(['--pause', '250', '--iterations', '3'])), { 'fsPerf.pause': 250, 'fsPerf.iterations': 3, 'fsPerf.cpuPass': true });
        // No pause asked for: the editors keep their own default.
        assert.notProperty(runSettings(options([])), 'fsPerf.pause');
        assert.deepInclude(runSettings(options(SAMPLES.network)), { 'fsPerf.scenarios': [...NETWORK_DEFAULTS.scenarios.vscode], 'fsPerf.cpuPass': false });
        assert.deepInclude(runSettings(options(SAMPLES.compare)), { 'fsPerf.order': 'shuffled', 'fsPerf.pause': COMPARE_DEFAULTS.pauseMs });
    });

    test('run.json\'s options are the fields of the table\'s flags, with the run\'s values, and not the run\'s folder', () => {
        const fields = benchFlags().filter(([name]) => name !== 'out').flatMap(([, entry]) => entry.fields);
        const plain = options(['--pause', '250', ...SAMPLES.theiaVersion, ...SAMPLES.theiaCache]);
        const record = JSON.parse(JSON.stringify(recordedOptions(plain))) as Record<string, unknown>;
        assert.sameMembers(Object.keys(record), fields.filter(field => !field.startsWith('compare.') && optionField(plain, field) !== undefined));
        assert.deepInclude(record, { pauseMs: 250, theiaVersions: ['1.74.1'], theiaCache: '/tmp/fs-perf-options/apps', hosts: plain.hosts });
        assert.notProperty(record, 'out');
        const compare = recordedOptions(options([...SAMPLES.compare, ...SAMPLES.check])) as { compare: Record<string, unknown> };
        assert.sameMembers(Object.keys(compare.compare), fields.filter(field => field.startsWith('compare.')).map(field => field.slice('compare.'.length)));
        assert.strictEqual(compare.compare.check, true);
    });

    test('--pause\'s range is benchmark-core\'s PAUSE_RANGE, the editors\' setting\'s too', () => {
        assert.strictEqual(options(['--pause', String(PAUSE_RANGE.max)]).pauseMs, PAUSE_RANGE.max);
        const { result, stderr } = parse(['--pause', String(PAUSE_RANGE.max + 1)]);
        assert.strictEqual(result, 2);
        assert.include(stderr, `--pause must be a whole number from ${PAUSE_RANGE.min} to ${PAUSE_RANGE.max}.`);
        assert.strictEqual(extensionSettingsSchema('vscode')['fsPerf.pause'].maximum, PAUSE_RANGE.max);
    });
});
