'use strict';
/**
 * Finds the Electron executable without `require('electron')` (which would try to download it).
 * Returns undefined when there is none (the npm package installs without its binary where GitHub is
 * unreachable). Shared by `yarn start:electron` and `yarn bench`.
 */
const fs = require('fs');
const path = require('path');

const appPath = path.resolve(__dirname, '..');

/** @returns {string | undefined} */
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

/** Why there is no binary, in words a user can act on. */
const NO_ELECTRON_BINARY = 'no Electron binary is installed (node_modules/electron/dist is missing; run `npx install-electron` in electron-app where GitHub is reachable)';

module.exports = { findElectronBinary, NO_ELECTRON_BINARY, ELECTRON_APP_PATH: appPath };
