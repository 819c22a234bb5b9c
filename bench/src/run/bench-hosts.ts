/** The hosts `yarn bench` measures, in the order it measures them, and their names in the terminal and the report. */
export const BENCH_HOSTS = ['theia-browser', 'vscode-server', 'theia-electron', 'vscode-desktop'] as const;
export type BenchHost = typeof BENCH_HOSTS[number];

export const HOST_NAMES: Record<BenchHost, string> = {
    'theia-browser': 'Theia browser app (extension + plugin)',
    'vscode-server': 'VS Code server (code-server)',
    'theia-electron': 'Theia Electron app (extension + plugin)',
    'vscode-desktop': 'VS Code desktop',
};
