// Shows, in a notification, what the e2e suite checks in Theia: the files.watcherExclude and search.exclude a plugin
// sees (the FS Perf plugin's configurationDefaults among them), and how "Show Report from Folder... (Theia)" ended on
// the folder in $FS_PERF_TEST_RUN_FOLDER.
'use strict';
const vscode = require('vscode');

function activate(context) {
    context.subscriptions.push(vscode.commands.registerCommand('fsPerfTest.showExclusions', () => {
        const watcher = vscode.workspace.getConfiguration('files').get('watcherExclude');
        const search = vscode.workspace.getConfiguration('search').get('exclude');
        // Base64, so that no glob's asterisks are taken for Markdown emphasis on the way to the notification.
        void vscode.window.showInformationMessage(`FS Perf Test: exclusions: ${Buffer.from(JSON.stringify({ watcher, search })).toString('base64')}`);
    }));
    context.subscriptions.push(vscode.commands.registerCommand('fsPerfTest.showRunFolderReport', async () => {
        const outcome = await vscode.commands.executeCommand('fsPerf.theia.showRunFolderReport', process.env.FS_PERF_TEST_RUN_FOLDER);
        void vscode.window.showInformationMessage(`FS Perf Test: run folder: ${JSON.stringify(outcome)}`);
    }));
}

module.exports = { activate };
