import { assert } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { repositoryRoot } from './repository';

const ROOT = repositoryRoot();
const ENTRY = path.join(ROOT, 'benchmark-core', 'src', 'index.ts');
const PACKAGE = '@fs-perf/benchmark-core';

/**
 * Every name src/index.ts exports, sorted: a name is added to the surface here and there, on purpose, and only when
 * another package uses it.
 */
const SURFACE = [
    'ALL_CHANNELS', 'AccuracyDocument', 'AccuracyOutcome', 'BISECT_FILE', 'BenchmarkCancelledError', 'BenchmarkSession',
    'BenchmarkSettings', 'BisectAnswer', 'BisectDesign', 'BisectOracle', 'BisectRecord', 'BisectRecordCell',
    'BisectRequest', 'BisectVerdict', 'CLOCK_SLACK_MS', 'COUNT_OBSERVER_URL_VARIABLE', 'CPU_PIDS_FILE_VARIABLE',
    'CancellationSignal', 'CellChange', 'CellKey', 'ComparisonCheck', 'ComparisonReport', 'ComparisonReportOptions',
    'ComparisonSide', 'CountWindow', 'CpuProbe', 'DEFAULT_ACCURACY_ROUNDS', 'DEFAULT_COUNT_CHECK',
    'DEFAULT_FIXTURES_FOLDER', 'DEFAULT_ITERATIONS', 'DEFAULT_TREE_CONCURRENCY', 'DEFAULT_TREE_SIZE_LABELS',
    'DEFAULT_VERDICT_RULE', 'DEFAULT_WARMUP', 'DUET_DESIGN', 'EditorFrontEnd', 'EnvironmentInfo',
    'FIXTURE_MANIFEST_FILE', 'FIXTURE_SIZES', 'FIXTURE_SIZE_LABELS', 'FixtureError', 'FixtureGenerator',
    'FixtureManifest', 'FixtureSize', 'FolderEntry', 'GENERATE_FIXTURES_HINT', 'GenerateOutcome', 'HostInfo', 'HostKey',
    'ITERATIONS_RANGE', 'LOOPBACK', 'Measurement', 'MethodTrace', 'NETWORK_CHECK_TOLERANCE', 'NETWORK_PROFILES',
    'NetworkCheck', 'NetworkConditions', 'NetworkProfile', 'NotMeasuredHost', 'OUTPUT_CHANNEL_NAME', 'ObservedFrame',
    'OutputMarkers', 'PAUSE_RANGE', 'PLUGIN_READ_HOPS', 'PRECISION_RANGE', 'ProcFiles', 'ProcessCpuReading',
    'ProgressReporter', 'RESULTS_DIRECTORY', 'ReadTrace', 'RecordedStep', 'RemovableWorkspace', 'RemoveOutcome',
    'RemoveTestFilesOptions', 'ReportOutcome', 'ResultsDocument', 'ResultsFileChoice', 'RunComparison', 'RunDefinition',
    'RunEnd', 'RunOptions', 'RunOutcome', 'SCENARIO_CATALOG', 'SCENARIO_SETTING_KEYS', 'SETTINGS_TITLE', 'SETTING_KEYS',
    'SMALL_FILES_DIRECTORY', 'SampleOutput', 'ScenarioCase', 'ScenarioCatalogEntry', 'ScenarioImplementations',
    'ScenarioInfo', 'ScenarioTarget', 'SequentialRunDesign', 'SequentialRunPlan', 'SessionAction', 'SettingSchema',
    'SizeOrder', 'THEIA_SCENARIO_IDS', 'TRACE_COMMANDS', 'TREES_DIRECTORY', 'TREE_CONCURRENCY_RANGE',
    'TREE_DEPENDENCY_FOLDER', 'TREE_SCENARIO_IDS', 'TREE_SIZES', 'TREE_SIZE_LABELS', 'TraceSpan', 'TreeLayout',
    'TreeManifest', 'TreeSize', 'VSCODE_SCENARIO_IDS', 'Verdict', 'WARMUP_RANGE', 'WATCH_BURST_FILES',
    'WATCH_CHANGE_KINDS', 'WATCH_SCENARIO_IDS', 'WRITE_BURST', 'WRITE_SCENARIO_IDS', 'WalkEntry', 'WatchChangeKind',
    'WatchEvents', 'WatcherLoad', 'WatcherLoadProcess', 'WatcherLoadVariant', 'WorkspaceFileAccess', 'WriteBurst',
    'bisectAnswerSentence', 'bisectChartSvg', 'bisectRecordProblem', 'buildComparisonReport', 'burstBytes',
    'burstCount', 'burstFileNames', 'burstRequestProblem', 'burstTargetLabel', 'cellDisplayName', 'cellKeyId',
    'checkCountGroups', 'compareReleases', 'compareRuns', 'computeStatistics', 'computeTreeLayout', 'countProblem',
    'countRanges', 'countingCase', 'createThenDelete', 'decideGate', 'decideLook', 'describeNetworkProfile',
    'editorDescription', 'extensionSettingsSchema', 'fewestPairsToDecide', 'findNewestResultsFile', 'fixtureFileName',
    'fixtureSize', 'formatBytes', 'formatRatioInterval', 'formatSupported', 'gateFamilies', 'hostKeyLabel', 'hostLabel',
    'httpCountObserver', 'joinPath', 'labelCell', 'linkAsChecked', 'linkShortfalls', 'listedProcessesCpu',
    'median', 'mergeResultsDocuments', 'mergeRounds', 'networkCheckMisses', 'ownCpuReading', 'pairRatios', 'parseCellKey',
    'parseCountCheck', 'parseFixtureManifest', 'parseNetworkList', 'parseResultsDocument', 'parseRunEnd',
    'parseSizeList', 'parseTreeManifest', 'parseTreeSizeList', 'pathSteps', 'planBisect', 'planSequentialRun',
    'pluginReadHops', 'procStatCpuMs', 'readProcCpu', 'renderBisectHtml', 'renderBisectMarkdown',
    'renderCountDifferences', 'renderHeadlineText', 'renderReportFiles', 'renderReportHtml', 'renderResultsText',
    'renderRunComparison', 'renderTextTable', 'reportSections', 'resultsFileName', 'rowCellKey', 'runBisect',
    'runStoppedLine', 'sameCell', 'scenarioInfoById', 'selectScenarios', 'sequentialLooks', 'sha256Hex',
    'sidesCountDifferences', 'smallFileName', 'statInFlight', 'statOneAfterAnother', 'suiteScenarioIds', 'toxicsFor',
    'treeFilePaths', 'treeFolder', 'treeItemCount', 'treeManifestFile', 'treeManifestOf', 'treeTargetLabel',
    'validateResultsDocument', 'verdictCounts', 'walkDown', 'watchBurstCase', 'watchBurstFileName', 'watchFolderName',
    'watchLatencyCase', 'wireFloor', 'withObservedCounts', 'writeFileAtomically', 'writeFolderName',
];

/** Names on the surface that no other package imports, each with why it stays. None today; keep it short. */
const KEPT_UNUSED: Readonly<Record<string, string>> = {};

const CHECKED_AGAINST = 'the test holds that package to benchmark-core\'s definition, so it is a contract';
/** Names only the tests of other packages import, each with why that is part of the contract. */
const TEST_ONLY: Readonly<Record<string, string>> = {
    ALL_CHANNELS: `Theia's counted messages per read (e2e): ${CHECKED_AGAINST}`,
    countRanges: `Theia's counted messages per read (e2e): ${CHECKED_AGAINST}`,
    CLOCK_SLACK_MS: `a plugin read's hops as Theia records them (e2e): ${CHECKED_AGAINST}`,
    PLUGIN_READ_HOPS: `a plugin read's hops as Theia records them (e2e): ${CHECKED_AGAINST}`,
    DEFAULT_ACCURACY_ROUNDS: `the accuracy check's document as a run writes it (e2e): ${CHECKED_AGAINST}`,
    NETWORK_PROFILES: `bench's --network parsing (bench): ${CHECKED_AGAINST}`,
    pathSteps: `a read over an emulated link against its wire floor (e2e): ${CHECKED_AGAINST}`,
    wireFloor: `a read over an emulated link against its wire floor (e2e): ${CHECKED_AGAINST}`,
    THEIA_SCENARIO_IDS: `the scenarios each host measures (e2e): ${CHECKED_AGAINST}`,
    VSCODE_SCENARIO_IDS: `the scenarios each host measures and the extension contributes (e2e, vscode-extension): ${CHECKED_AGAINST}`,
    suiteScenarioIds: `the scenario setting the extension contributes (vscode-extension): ${CHECKED_AGAINST}`,
    treeItemCount: `the entries a tree sample returns (e2e): ${CHECKED_AGAINST}`,
    TREE_SIZES: `the trees the generator writes (test-files): ${CHECKED_AGAINST}`,
    fixtureSize: `the fixture bytes the backend reads and writes (theia-extension): ${CHECKED_AGAINST}`,
    burstTargetLabel: `the cells a comparison of the write suite has (bench): ${CHECKED_AGAINST}`,
    editorDescription: `the editor the extension identifies (vscode-extension): ${CHECKED_AGAINST}`,
    sequentialLooks: `bench's budget planner looks where the sequential design does (bench): ${CHECKED_AGAINST}`,
    renderReportHtml: 'the report page as a browser shows it (e2e): the HTML renderer of the report model bench writes',
    reportSections: 'the report model\'s tables (e2e): read by section, as the renderers do',
    ScenarioCatalogEntry: 'the type of SCENARIO_CATALOG\'s entries, which e2e filters by target',
    ScenarioInfo: 'the type of a results row\'s scenario, which a bench test builds rows with',
    SettingSchema: 'the type of extensionSettingsSchema\'s entries, which a bench test reads',
};

interface Consumers {
    /** Each name imported from the entry, with the files (relative to the repository) that import it. */
    readonly names: Map<string, string[]>;
    /** Imports that name nothing (`import * as`, `export *`, a whole `require`): the surface cannot see what they use. */
    readonly unnamed: string[];
}

/** The source files of the packages other than benchmark-core (and the repository's scripts), build output left out. */
function otherPackagesSources(): string[] {
    const workspaces = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces as string[])
        .filter(workspace => workspace !== 'benchmark-core');
    const skipped = new Set(['node_modules', 'lib', 'out', 'dist', 'src-gen', 'test-data']);
    const files: string[] = [];
    const walk = (folder: string): void => {
        for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
            const full = path.join(folder, entry.name);
            if (entry.isDirectory() && !skipped.has(entry.name) && !entry.name.startsWith('.')) {
                walk(full);
            } else if (entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
                files.push(full);
            }
        }
    };
    [...workspaces, 'scripts'].map(folder => path.join(ROOT, folder)).filter(folder => fs.existsSync(folder)).forEach(walk);
    return files;
}

let scanned: Consumers | undefined;

/** What the other packages import from the entry: `import { … }`, `export { … } from`, `import('…').X` and `const { … } = require(…)`. */
function consumers(): Consumers {
    return scanned ??= scanConsumers();
}

function scanConsumers(): Consumers {
    const names = new Map<string, string[]>();
    const unnamed: string[] = [];
    for (const file of otherPackagesSources()) {
        const text = fs.readFileSync(file, 'utf8');
        if (!text.includes(PACKAGE)) {
            continue;
        }
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        const note = (name: string): void => {
            names.set(name, [...names.get(name) ?? [], relative]);
        };
        const isEntry = (node: ts.Node | undefined): boolean => node !== undefined && ts.isStringLiteral(node) && node.text === PACKAGE;
        const visit = (node: ts.Node): void => {
            if (ts.isImportDeclaration(node) && isEntry(node.moduleSpecifier)) {
                const bindings = node.importClause?.namedBindings;
                if (bindings && ts.isNamedImports(bindings) && !node.importClause?.name) {
                    bindings.elements.forEach(element => note((element.propertyName ?? element.name).text));
                } else if (node.importClause) {
                    unnamed.push(`${relative}: ${node.getText()}`);
                }
            } else if (ts.isExportDeclaration(node) && isEntry(node.moduleSpecifier)) {
                if (node.exportClause && ts.isNamedExports(node.exportClause)) {
                    node.exportClause.elements.forEach(element => note((element.propertyName ?? element.name).text));
                } else {
                    unnamed.push(`${relative}: ${node.getText()}`);
                }
            } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && isEntry(node.argument.literal)) {
                if (node.qualifier) {
                    note(ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.getText().split('.')[0]);
                } else {
                    unnamed.push(`${relative}: ${node.getText()}`);
                }
            } else if (ts.isCallExpression(node) && isEntry(node.arguments[0])
                && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
                const target = ts.isAwaitExpression(node.parent) ? node.parent.parent : node.parent;
                if (ts.isVariableDeclaration(target) && ts.isObjectBindingPattern(target.name)) {
                    target.name.elements.forEach(element => note((element.propertyName ?? element.name).getText()));
                } else {
                    unnamed.push(`${relative}: ${node.getText()}`);
                }
            }
            ts.forEachChild(node, visit);
        };
        visit(ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true));
    }
    return { names, unnamed };
}

/** The names src/index.ts exports, and any statement of it that is not a named re-export of one of its folders. */
function entryExports(): { names: string[]; problems: string[] } {
    const source = ts.createSourceFile(ENTRY, fs.readFileSync(ENTRY, 'utf8'), ts.ScriptTarget.ES2022, true);
    const names: string[] = [];
    const problems: string[] = [];
    for (const statement of source.statements) {
        if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
            && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('./')) {
            names.push(...statement.exportClause.elements.map(element => element.name.text));
        } else {
            problems.push(statement.getText().split('\n')[0]);
        }
    }
    return { names: names.sort(), problems };
}

const difference = (left: readonly string[], right: readonly string[]): string[] => left.filter(name => !right.includes(name));

suite('benchmark-core\'s surface (src/index.ts)', () => {
    test('the entry re-exports its folders\' names one by one, and exactly the recorded surface', () => {
        const { names, problems } = entryExports();
        assert.deepStrictEqual(problems, [], 'the entry only re-exports named names from its folders (no export *, nothing declared)');
        assert.strictEqual(new Set(names).size, names.length, 'a name exported twice');
        assert.deepStrictEqual({ added: difference(names, SURFACE), removed: difference(SURFACE, names) }, { added: [], removed: [] },
            'the entry\'s exports differ from SURFACE in src/test/surface.test.ts: edit both on purpose');
        assert.deepStrictEqual(SURFACE, [...SURFACE].sort(), 'SURFACE is kept sorted');
    });

    test('every name on the surface is imported by another package, or kept with a reason', () => {
        const { names, unnamed } = consumers();
        assert.deepStrictEqual(unnamed, [], `import ${PACKAGE}'s names by name, so the surface sees them`);
        const imported = [...names.keys()];
        assert.deepStrictEqual(difference(SURFACE, [...imported, ...Object.keys(KEPT_UNUSED)]), [],
            'on the surface, used by no other package: keep it inside its folder (or say in KEPT_UNUSED why it stays)');
        assert.deepStrictEqual(Object.keys(KEPT_UNUSED).filter(name => imported.includes(name) || !SURFACE.includes(name)), [],
            'KEPT_UNUSED names a name another package imports, or one not on the surface');
        assert.deepStrictEqual(difference(imported, SURFACE), [], 'imported by another package, not on the surface');
    });

    test('the names only other packages\' tests import are the listed ones, each a contract those tests check', () => {
        const { names } = consumers();
        const testOnly = [...names].filter(([, files]) => files.every(file => file.split('/').includes('test'))).map(([name]) => name).sort();
        assert.deepStrictEqual(testOnly, Object.keys(TEST_ONLY).sort(),
            'TEST_ONLY in src/test/surface.test.ts lists the names only tests import, each with why it is on the surface');
    });
});
