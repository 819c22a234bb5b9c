import { assert } from 'chai';
import { PLUGIN_READ_HOPS } from '../measure/hops';
import { PLUGIN_READ_STEPS, stepsOfHopTrace } from '../measure/path-steps';
import { crossingOf, pathSteps, wireFloor } from '../network/wire-floor';
import { linkShortfalls, linkAsChecked, LOOPBACK, machineLimitedDirections, NETWORK_PROFILES, networkCheckMisses, parseNetworkList, toxicsFor } from '../network/profiles';
import { NetworkProfile } from '../results/schema';
import { SCENARIO_CATALOG, ScenarioCatalogEntry } from '../measure/scenario-catalog';

const THEIA_PLUGIN = { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' } as const;
const THEIA_EXTENSION = { editor: 'theia', runtime: 'browser', extensionKind: 'extension' } as const;
const VSCODE_SERVER = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' } as const;
const MB10 = 10_240_000;

function profile(list: string): NetworkProfile {
    const [first] = parseNetworkList(list);
    assert.notStrictEqual(first, LOOPBACK);
    return first as NetworkProfile;
}

suite('network profiles', () => {
    test('named profiles, loopback and custom links keep the order given', () => {
        const chosen = parseNetworkList('loopback, cable,dsl');
        assert.deepStrictEqual(chosen, [LOOPBACK, NETWORK_PROFILES.cable, NETWORK_PROFILES.dsl]);
        const custom = profile('rtt=40ms,down=50mbit,up=10mbit');
        assert.deepInclude(custom, { name: 'custom', rttMs: 40, downMbps: 50, upMbps: 10, jitterMs: 0 });
        assert.deepInclude(profile('name=office,rtt=0.2s,down=1gbit,up=500kbit,jitter=5ms'), { name: 'office', rttMs: 200, downMbps: 1000, upMbps: 0.5, jitterMs: 5 });
        assert.deepInclude(profile('rtt=10,down=8,up=2'), { rttMs: 10, downMbps: 8, upMbps: 2 }, 'plain numbers are ms and Mbit/s');
        const two = parseNetworkList('lan,name=a,rtt=10ms,down=10mbit,up=1mbit,name=b,rtt=80ms,down=5mbit,up=1mbit');
        assert.deepStrictEqual(two.map(entry => entry === LOOPBACK ? entry : entry.name), ['lan', 'a', 'b'], 'a key seen again starts the next link');
    });

    test('bad input is refused naming what was given', () => {
        assert.throws(() => parseNetworkList('wifi'), /unknown network 'wifi': use loopback, lan, cable, dsl/);
        assert.throws(() => parseNetworkList('rtt=40ms,down=50mbit'), /missing up/);
        assert.throws(() => parseNetworkList('rtt=fast,down=1,up=1'), /rtt=fast: give a duration/);
        assert.throws(() => parseNetworkList('rtt=4ms,down=50mb,up=1'), /down=50mb: give a bandwidth/);
        assert.throws(() => parseNetworkList('rtt=4ms,down=50mbit,up=1,speed=3'), /unknown network setting 'speed'/);
        assert.throws(() => parseNetworkList('rtt=9000ms,down=1,up=1'), /rtt must be from 0 to 2000 ms \(got 9000 ms\)/);
        assert.throws(() => parseNetworkList('rtt=10ms,down=1,up=1,jitter=8ms'), /more than half the round trip/);
        assert.throws(() => parseNetworkList('dsl,dsl'), /'dsl' is named twice/);
        assert.throws(() => parseNetworkList('rtt=1,down=1,up=1,rtt=2,down=1,up=1'), /'custom' is named twice: give each custom link a name=/);
        assert.throws(() => parseNetworkList(' , '), /name at least one network/);
    });

    test('toxics: half the round trip each way, then each direction\'s bandwidth in KB/s', () => {
        const toxics = toxicsFor(NETWORK_PROFILES.dsl);
        assert.deepStrictEqual(toxics.map(toxic => `${toxic.type}/${toxic.stream}`),
            ['latency/downstream', 'latency/upstream', 'bandwidth/downstream', 'bandwidth/upstream']);
        assert.deepStrictEqual(toxics.map(toxic => toxic.attributes), [{ latency: 25, jitter: 0 }, { latency: 25, jitter: 0 }, { rate: 3125 }, { rate: 375 }]);
        const lan = toxicsFor(NETWORK_PROFILES.lan);
        assert.strictEqual(lan[0].attributes.latency + lan[1].attributes.latency, 1, 'an odd round trip still adds up');
        assert.strictEqual(lan[2].attributes.rate, 12_500);
    });

    test('the emulation check holds within 15% and names each figure that misses', () => {
        const dsl = NETWORK_PROFILES.dsl;
        assert.deepStrictEqual(networkCheckMisses(dsl, { rttMs: 54, downMbps: 23, upMbps: 2.9 }), []);
        const misses = networkCheckMisses(dsl, { rttMs: 1.2, downMbps: 400, upMbps: 2.4 });
        assert.lengthOf(misses, 3);
        assert.match(misses[0], /round trip 1\.2 ms, not 50 ms ±15%/);
        assert.match(misses[1], /download 400 Mbit\/s, not 25 Mbit\/s/);
        assert.match(misses[2], /upload 2\.4 Mbit\/s, not 3 Mbit\/s/);
        assert.deepStrictEqual(networkCheckMisses(NETWORK_PROFILES.lan, { rttMs: 2.4, downMbps: 90, upMbps: 90 }), [], '1.5 ms of slack on a 1 ms round trip');
        assert.lengthOf(networkCheckMisses(NETWORK_PROFILES.lan, { rttMs: 2.6, downMbps: 90, upMbps: 90 }), 1);
        // Where the page cannot reach the profile's bandwidth even without the link, the machine is the limit: held if the link gives that.
        const gigabit = profile('rtt=1ms,down=1gbit,up=1gbit');
        const machine = { rttMs: 1, downMbps: 560, upMbps: 250, directDownMbps: 600, directUpMbps: 240 };
        assert.deepStrictEqual(networkCheckMisses(gigabit, machine), []);
        assert.deepStrictEqual(machineLimitedDirections(gigabit, machine), ['down', 'up']);
        assert.deepStrictEqual(machineLimitedDirections(NETWORK_PROFILES.dsl, machine), []);
        assert.match(networkCheckMisses(gigabit, { ...machine, upMbps: 150 })[0],
            /upload 150 Mbit\/s, not 240 Mbit\/s ±15% \(the most this machine reaches without the link; the profile says 1000\)/);
    });

    test('a check slower than the profile and nothing else (a bandwidth short, a round trip a few ms long) is measured as checked, at the figures measured; any other miss is refused', () => {
        const lan = NETWORK_PROFILES.lan;
        const check = { rttMs: 1.1, directRttMs: 0.3, downMbps: 96, upMbps: 79, directDownMbps: 900, directUpMbps: 900, bytes: 10_240_000, tolerance: 0.15, held: false };
        assert.deepStrictEqual(linkShortfalls(lan, check), ['up']);
        assert.deepInclude(linkAsChecked({ profile: lan, emulator: 'toxiproxy', check }), { rttMs: 1, downMbps: 100, upMbps: 79 });
        assert.deepStrictEqual(linkShortfalls(lan, { ...check, downMbps: 60 }), ['down', 'up']);
        assert.deepStrictEqual(linkShortfalls(lan, { ...check, rttMs: 9 }), ['rtt', 'up'], 'a round trip a busy machine lengthened');
        assert.deepInclude(linkAsChecked({ profile: lan, emulator: 'toxiproxy', check: { ...check, rttMs: 9 } }), { rttMs: 9, downMbps: 100, upMbps: 79 });
        assert.isUndefined(linkShortfalls(lan, { ...check, rttMs: 12.6 }), 'a round trip more than 10 ms beyond the band (1 + 1.5 ms): another link');
        assert.deepStrictEqual(linkShortfalls(lan, { ...check, rttMs: 12.4 }), ['rtt', 'up']);
        const twenty = profile('rtt=20ms,down=20mbit,up=20mbit');
        const ci = { ...check, rttMs: 24, downMbps: 20, upMbps: 19 };
        assert.deepStrictEqual(linkShortfalls(twenty, ci), ['rtt'], 'CI of 2026-11-28: 24 ms on a 20 ms link');
        assert.deepInclude(linkAsChecked({ profile: twenty, emulator: 'toxiproxy', check: ci }), { rttMs: 24, downMbps: 20, upMbps: 20 });
        assert.isUndefined(linkShortfalls(twenty, { ...ci, rttMs: 10 }), 'a round trip shorter than the profile\'s: the toxics did not act');
        assert.isUndefined(linkShortfalls(lan, { ...check, downMbps: 400 }), 'a bandwidth above the profile\'s: the toxics did not act');
        assert.deepStrictEqual(linkShortfalls(lan, { ...check, upMbps: 99 }), [], 'held');
        // A check that held keeps the profile's rates, whatever it measured within the tolerance.
        assert.deepInclude(linkAsChecked({ profile: lan, emulator: 'toxiproxy', check: { ...check, upMbps: 92, held: true } }), { downMbps: 100, upMbps: 100 });
    });
});

suite('wire floor', () => {
    test('a write crosses as its call does: a Theia plugin\'s bytes down to the frontend and up to the backend, FileService\'s up once, code-server\'s not at all', () => {
        const floorOf = (id: string, host: Parameters<typeof pathSteps>[1]) => wireFloor(pathSteps(id, host)!.steps, MB10, NETWORK_PROFILES.cable);
        // cable: 25 ms round trip, 100 Mbit/s down, 20 Mbit/s up.
        const plugin = floorOf(SCENARIO_CATALOG.vscodeWriteFile.id, THEIA_PLUGIN);
        assert.deepInclude(plugin, { crossingsDown: 2, crossingsUp: 2, bytesDown: MB10, bytesUp: MB10 });
        assert.closeTo(plugin.floorMs, 50 + MB10 * 8 / 100e6 * 1000 + MB10 * 8 / 20e6 * 1000, 1e-6);
        const fileService = floorOf(SCENARIO_CATALOG.theiaFileServiceWriteFile.id, THEIA_EXTENSION);
        assert.deepInclude(fileService, { crossingsDown: 1, crossingsUp: 1, bytesDown: 0, bytesUp: MB10 });
        assert.closeTo(fileService.floorMs, 25 + MB10 * 8 / 20e6 * 1000, 1e-6);
        const codeServer = floorOf(SCENARIO_CATALOG.vscodeWriteFile.id, VSCODE_SERVER);
        assert.deepInclude(codeServer, { crossingsDown: 1, crossingsUp: 1, bytesDown: 0, bytesUp: 0, floorMs: 25 }, 'its $ensureActivation round trip; the bytes stay in the host');
        for (const [id, host] of [[SCENARIO_CATALOG.extensionHostNodeWriteFile.id, VSCODE_SERVER], [SCENARIO_CATALOG.extensionHostNodeWriteFile.id, THEIA_PLUGIN],
            [SCENARIO_CATALOG.theiaBackendWriteFile.id, THEIA_EXTENSION]] as const) {
            assert.strictEqual(floorOf(id, host).floorMs, 0, `${id}: the floors never cross the link`);
        }
    });

    test('a Theia plugin\'s read crosses the link four times, the bytes once each way: counted from its hop trace', () => {
        const path = pathSteps(SCENARIO_CATALOG.vscodeReadFile.id, THEIA_PLUGIN, PLUGIN_READ_HOPS.map(hop => hop.id));
        assert.strictEqual(path?.from, 'hop trace');
        assert.deepStrictEqual(path!.steps.map(crossingOf), ['down', 'up', undefined, 'down', 'up']);
        const floor = wireFloor(path!.steps, MB10, NETWORK_PROFILES.dsl);
        assert.deepInclude(floor, { crossingsDown: 2, crossingsUp: 2, bytesDown: MB10, bytesUp: MB10 });
        assert.closeTo(floor.latencyMs, 100, 1e-9, 'two round trips of 50 ms');
        // 10,240,000 bytes at 25 Mbit/s down (3276.8 ms) and 3 Mbit/s up (27306.7 ms).
        assert.closeTo(floor.transferMs, 3276.8 + 27306.67, 0.01);
        assert.closeTo(floor.floorMs, 30683.5, 0.1);
    });

    test('a hop trace with a hop this tool does not know falls back to the scenario\'s path', () => {
        assert.isUndefined(stepsOfHopTrace(['request-to-frontend', 'teleport']));
        assert.strictEqual(pathSteps(SCENARIO_CATALOG.vscodeReadFile.id, THEIA_PLUGIN, ['teleport'])?.from, 'scenario');
    });

    test('FileService.readFile: one round trip, the bytes downstream; VS Code\'s extension host: one round trip, no bytes; in-host fs: nothing', () => {
        const fileService = pathSteps(SCENARIO_CATALOG.theiaFileServiceReadFile.id, THEIA_EXTENSION)!;
        const floor = wireFloor(fileService.steps, 1_000_000, NETWORK_PROFILES.cable);
        assert.deepInclude(floor, { crossingsDown: 1, crossingsUp: 1, bytesDown: 1_000_000, bytesUp: 0 });
        assert.closeTo(floor.floorMs, 25 + 80, 1e-9);
        const vscode = wireFloor(pathSteps(SCENARIO_CATALOG.vscodeReadFile.id, VSCODE_SERVER)!.steps, MB10, NETWORK_PROFILES.dsl);
        assert.deepInclude(vscode, { crossingsDown: 1, crossingsUp: 1, bytesDown: 0, bytesUp: 0, floorMs: 50 }, 'one round trip to the workbench; the bytes stay in the host');
        assert.strictEqual(wireFloor(pathSteps(SCENARIO_CATALOG.extensionHostNodeReadFile.id, VSCODE_SERVER)!.steps, MB10, NETWORK_PROFILES.dsl).floorMs, 0);
        const workbench = wireFloor(pathSteps(SCENARIO_CATALOG.vscodeReadFileWorkbench.id, VSCODE_SERVER)!.steps, MB10, NETWORK_PROFILES.dsl);
        assert.deepInclude(workbench, { crossingsDown: 2, crossingsUp: 2, bytesDown: MB10, bytesUp: MB10 });
        assert.strictEqual(wireFloor(pathSteps(SCENARIO_CATALOG.theiaDiskFloor.id, THEIA_EXTENSION)!.steps, MB10, NETWORK_PROFILES.dsl).floorMs, 0);
    });

    test('paths not described, and hosts with no page across a link, have no floor', () => {
        assert.isUndefined(pathSteps(SCENARIO_CATALOG.vscodeStat.id, THEIA_PLUGIN));
        assert.isUndefined(pathSteps(SCENARIO_CATALOG.vscodeReadFile.id, { editor: 'theia', runtime: 'electron', extensionKind: 'plugin' }));
        assert.isUndefined(pathSteps(SCENARIO_CATALOG.vscodeReadFile.id, { editor: 'vscode', runtime: 'desktop', extensionKind: 'extension' }));
    });

    test('every catalog scenario takes its steps from its entry: in each host the entry names, none where it says none', () => {
        for (const entry of Object.values<ScenarioCatalogEntry>(SCENARIO_CATALOG)) {
            const inTheia = pathSteps(entry.id, THEIA_EXTENSION);
            const inCodeServer = pathSteps(entry.id, VSCODE_SERVER);
            if (entry.wireSteps === 'none') {
                assert.isUndefined(inTheia ?? inCodeServer, entry.id);
                continue;
            }
            const { theiaBrowser, codeServer } = entry.wireSteps;
            assert.deepStrictEqual(inTheia?.steps, theiaBrowser === 'traced plugin read' ? PLUGIN_READ_HOPS.map(hop => PLUGIN_READ_STEPS[hop.id]) : theiaBrowser, entry.id);
            assert.deepStrictEqual(inCodeServer?.steps, codeServer, entry.id);
        }
        assert.isUndefined(pathSteps('not.in.the.catalog', THEIA_EXTENSION));
    });
});
