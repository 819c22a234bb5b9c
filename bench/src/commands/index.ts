// Only what other code calls: the command lines run as scripts (theia-browser.ts and vscode-server.ts start on load).
export * from './bench';
