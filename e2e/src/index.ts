export * from './chromium';
export * from './code-server';
export * from './processes';
export * from './vscode-workbench';
export * from './vscode-server-host';
export * from './theia-browser';
