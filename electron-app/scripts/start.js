#!/usr/bin/env node
/**
 * Starts the Electron app with the plugins folder and test-files/ as the workspace, where an Electron
 * binary is installed. Where it is not (no download possible), says so in one line and exits 1.
 */
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { findElectronBinary, NO_ELECTRON_BINARY } = require('./electron-binary');

const appPath = path.resolve(__dirname, '..');
const repositoryRoot = path.resolve(appPath, '..');

const electron = findElectronBinary();
if (!electron) {
    console.error(`Cannot start the Electron app: ${NO_ELECTRON_BINARY}.`);
    process.exit(1);
}
if (!fs.existsSync(path.join(appPath, 'lib', 'backend', 'electron-main.js'))) {
    console.error('Cannot start the Electron app: it is not built yet (run `yarn build:electron`).');
    process.exit(1);
}
const child = spawn(electron, [appPath, `--plugins=local-dir:${path.join(repositoryRoot, 'plugins')}`, path.join(repositoryRoot, 'test-files'), ...process.argv.slice(2)],
    { stdio: 'inherit' });
child.on('exit', code => process.exit(code ?? 1));
