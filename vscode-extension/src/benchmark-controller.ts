import * as vscode from 'vscode';
import {
    COUNT_OBSERVER_URL_VARIABLE, httpCountObserver,
    AccuracyOutcome, BenchmarkSession, findNewestResultsFile, GenerateOutcome, RemoveOutcome, RemoveTestFilesOptions, ReportOutcome, RunDefinition, RunOptions, RunOutcome, SCENARIO_CATALOG, selectScenarios,
} from '@fs-perf/benchmark-core';
import { GenerateReport, generateWorkspaceFixtures } from '@fs-perf/test-files';
import { FsPerfCommands } from './commands';
import { VscodeWorkspaceFiles } from './fixtures';
import { collectEnvironment, currentHost } from './host';
import { OutputLog } from './output-log';
import { createScenarios } from './scenarios';
import { extensionHostCpuProbe } from './cpu-probe';
import { VscodeFrontEnd } from './vscode-front-end';

export type { RemoveOutcome, ReportOutcome, RunOptions, RunOutcome } from '@fs-perf/benchmark-core';
export type VscodeGenerateOutcome = GenerateOutcome<GenerateReport>;

/** The VS Code extension's commands over the shared session workflow. */
export class FsPerfController {
    private readonly session: BenchmarkSession<GenerateReport, VscodeWorkspaceFiles>;

    constructor(log: OutputLog, private readonly toolVersion: string) {
        this.session = new BenchmarkSession(new VscodeFrontEnd(log, FsPerfCommands.generateTestFiles), 'vscode', generateWorkspaceFixtures);
    }

    run(kind: 'all' | 'file-read', options: RunOptions = {}): Promise<RunOutcome> {
        return this.session.run(this.definition(kind === 'file-read' ? 'Run File Read Benchmark' : 'Run Benchmark', options,
            kind === 'file-read' ? [SCENARIO_CATALOG.vscodeReadFile.id] : undefined));
    }

    /** The harness against bare loops of the same calls, in this host. */
    checkAccuracy(options: RunOptions = {}): Promise<AccuracyOutcome> {
        return this.session.checkAccuracy(this.definition('Check Accuracy', options));
    }

    private definition(title: string, options: RunOptions, scenarios?: readonly string[]): RunDefinition<VscodeWorkspaceFiles> {
        return {
            title,
            ...(scenarios ? { scenarios } : {}),
            options,
            tool: { name: 'fs-perf-vscode', version: this.toolVersion },
            createScenarios: (workspace, fixturesFolder, ids) => selectScenarios(createScenarios(workspace.uri(fixturesFolder), workspace.root), ids),
            host: async () => currentHost(),
            environment: async () => collectEnvironment(),
            cpuProbe: extensionHostCpuProbe(),
            countObserver: httpCountObserver(process.env[COUNT_OBSERVER_URL_VARIABLE]),
        };
    }

    /** "Show Report": results files of the workspace (picked, or the given workspace-relative paths) in a webview. */
    showReport(paths?: readonly string[]): Promise<ReportOutcome> {
        return this.session.showReport(paths);
    }

    /** "Remove Test Files": the workspace's `.fs-perf/`, after a confirmation (`{ confirm: false }` from a caller that asked already). */
    removeTestFiles(options?: RemoveTestFilesOptions): Promise<RemoveOutcome> {
        return this.session.removeTestFiles(options);
    }

    /** "Show Report from Folder": a run folder of `yarn bench` or `--compare` (the given URI or path, or picked), read where it lies. */
    showRunFolderReport(uri?: string): Promise<ReportOutcome> {
        return this.session.showRunFolderReport(uri);
    }

    generateTestFiles(): Promise<VscodeGenerateOutcome> {
        return this.session.generateTestFiles();
    }

    async openLastResults(): Promise<vscode.Uri | undefined> {
        const folder = vscode.workspace.workspaceFolders?.[0];
        if (!folder) {
            void vscode.window.showErrorMessage('FS Perf needs an open folder: the test files and the results are kept in it.', 'Open Folder')
                .then(action => action && vscode.commands.executeCommand('vscode.openFolder'));
            return undefined;
        }
        const files = new VscodeWorkspaceFiles(folder.uri);
        const newestPath = await findNewestResultsFile(files);
        if (newestPath === undefined) {
            void vscode.window.showInformationMessage('FS Perf: there are no results yet in .fs-perf/results.', 'Run Benchmark')
                .then(action => action && vscode.commands.executeCommand(FsPerfCommands.run));
            return undefined;
        }
        const newest = files.uri(newestPath);
        await vscode.window.showTextDocument(newest, { preview: false });
        return newest;
    }
}
