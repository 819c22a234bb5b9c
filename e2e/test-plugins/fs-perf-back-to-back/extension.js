// Issues "FS Perf: Run Theia Benchmark" twice in the same instant (the second before the first has
// awaited anything) and shows how each ended, e.g. "FS Perf Test: back to back: completed, refused".
'use strict';
const vscode = require('vscode');

function activate(context) {
    context.subscriptions.push(vscode.commands.registerCommand('fsPerfTest.runTheiaTwice', async () => {
        const options = { iterations: 1, warmup: 0, sizes: ['1K'], scenarios: ['theia.FileService.readFile'], writeResults: false };
        const outcomes = await Promise.all([
            vscode.commands.executeCommand('fsPerf.theia.run', options),
            vscode.commands.executeCommand('fsPerf.theia.run', options),
        ]);
        const statuses = outcomes.map(outcome => (outcome && outcome.status) || 'no answer');
        void vscode.window.showInformationMessage(`FS Perf Test: back to back: ${statuses.join(', ')}`);
        return statuses;
    }));
}

module.exports = { activate };
