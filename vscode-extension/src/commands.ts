/** Ids of the commands the extension contributes (package.json `contributes.commands`). */
export const FsPerfCommands = {
    run: 'fsPerf.run',
    runFileRead: 'fsPerf.runFileRead',
    generateTestFiles: 'fsPerf.generateTestFiles',
    openLastResults: 'fsPerf.openLastResults',
    checkAccuracy: 'fsPerf.checkAccuracy',
    showReport: 'fsPerf.showReport',
    removeTestFiles: 'fsPerf.removeTestFiles',
    showRunFolderReport: 'fsPerf.showRunFolderReport',
} as const;
