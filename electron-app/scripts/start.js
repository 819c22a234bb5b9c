#!/usr/bin/env node
/**
 * Starts the Electron app with the plugins folder and test-files/ as the workspace, where an Electron
 * binary is installed. Where it is not (no download possible), says so in one line and exits 1.
 */
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const appPath = path.resolve(__dirname, '..');
const repositoryRoot = path.resolve(appPath, '..');

/** The Electron executable, found without `require('electron')` (which would try to download it). */
function findElectronBinary() {
    let electronDirectory;
    try {
        electronDirectory = path.dirname(require.resolve('electron/package.json', { paths: [appPath] }));
    } catch {
        return undefined;
    }
    const pathFile = path.join(electronDirectory, 'path.txt');
    if (!fs.existsSync(pathFile)) {
        return undefined;
    }
    const binary = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDirectory, 'dist'), fs.readFileSync(pathFile, 'utf8').trim());
    return fs.existsSync(binary) ? binary : undefined;
}

const electron = findElectronBinary();
if (!electron) {
    console.error('Cannot start the Electron app: no Electron binary is installed (node_modules/electron/dist is missing; run `npx install-electron` in electron-app where GitHub is reachable).');
    process.exit(1);
}
if (!fs.existsSync(path.join(appPath, 'lib', 'backend', 'electron-main.js'))) {
    console.error('Cannot start the Electron app: it is not built yet (run `yarn build:electron`).');
    process.exit(1);
}
const child = spawn(electron, [appPath, `--plugins=local-dir:${path.join(repositoryRoot, 'plugins')}`, path.join(repositoryRoot, 'test-files'), ...process.argv.slice(2)],
    { stdio: 'inherit' });
child.on('exit', code => process.exit(code ?? 1));
