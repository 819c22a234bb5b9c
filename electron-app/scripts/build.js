#!/usr/bin/env node
/**
 * `theia build` for the Electron target, which also works where the Electron binary cannot be downloaded.
 *
 * `theia build` (via ApplicationPackageManager.prepareElectron) first runs electron's install.js to download
 * the Electron binary (Electron >= 42 has no postinstall), then replaces its ffmpeg with a codec-free one,
 * also downloaded. Neither step can be switched off by a flag or an environment variable in Theia 1.74.1.
 * The bundling itself needs neither, so if that step fails (no network to GitHub) or
 * FS_PERF_SKIP_ELECTRON_DOWNLOAD=1 is set, this script bundles without it and says so; the app then only
 * runs on a machine that has the Electron binary.
 *
 * Usage: node scripts/build.js [--mode development|production]
 */
'use strict';
const fs = require('fs');
const path = require('path');
const { ApplicationPackageManager } = require('@theia/application-manager');

const projectPath = path.resolve(__dirname, '..');
const modeIndex = process.argv.indexOf('--mode');
const mode = modeIndex >= 0 ? process.argv[modeIndex + 1] : 'production';

/** @returns the Electron executable's path if it is installed, without triggering a download as `require('electron')` does. */
function findElectronBinary() {
    const electronDir = path.dirname(require.resolve('electron/package.json', { paths: [projectPath] }));
    const pathFile = path.join(electronDir, 'path.txt');
    if (!fs.existsSync(pathFile)) {
        return undefined;
    }
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
    const binary = path.join(distDir, fs.readFileSync(pathFile, 'utf8'));
    return fs.existsSync(binary) ? binary : undefined;
}

async function main() {
    const manager = new ApplicationPackageManager({ projectPath });
    const prepareElectron = manager.prepareElectron.bind(manager);
    manager.prepareElectron = async () => {
        if (process.env.FS_PERF_SKIP_ELECTRON_DOWNLOAD === '1') {
            console.warn('FS_PERF_SKIP_ELECTRON_DOWNLOAD=1: not downloading Electron or its ffmpeg; bundling only.');
            return;
        }
        try {
            await prepareElectron();
        } catch (error) {
            if (findElectronBinary()) {
                throw error;
            }
            console.warn(`Could not download the Electron binary or its ffmpeg (${error.message.split('\n')[0]}).\n` +
                'Bundling the Electron app without it: it will build, but can only run where the Electron binary is installed ' +
                '(`npx install-electron` in electron-app, then `yarn build` again).');
        }
    };
    await manager.build(['--mode', mode], { mode });
}

main().catch(error => {
    console.error(error);
    process.exitCode = 1;
});
