#!/usr/bin/env node
// Bundles the compiled extension (lib/, from `tsc -b`) into dist/: one file per Theia entry point, with this
// repository's own packages (benchmark-core, test-files) and their dependencies inside, and Theia's packages
// left as `require`s of the app's own. dist/ is what the package's `theiaExtensions` name, so the sample apps
// here and any app that installs the packed tarball (`npm pack`) run the same code. Run after `tsc -b`.
'use strict';
const esbuild = require('esbuild');
const fs = require('fs');
const { builtinModules } = require('module');
const path = require('path');

const root = path.resolve(__dirname, '..');
const FRONTEND = 'browser/fs-perf-frontend-module';
const BACKEND = 'node/fs-perf-backend-module';
const entries = {
    [FRONTEND]: 'lib/browser/fs-perf-frontend-module.js',
    [BACKEND]: 'lib/node/fs-perf-backend-module.js',
};

async function main() {
    for (const entry of Object.values(entries)) {
        if (!fs.existsSync(path.join(root, entry))) {
            console.error(`theia-extension/${entry} is missing: run 'tsc -b theia-extension' (or 'yarn build' at the root) first.`);
            process.exit(1);
        }
    }
    const builtins = [...builtinModules, ...builtinModules.map(name => `node:${name}`)];
    const common = {
        absWorkingDir: root,
        outdir: path.join(root, 'dist'),
        bundle: true,
        format: 'cjs',
        target: 'es2022',
        // The app provides Theia (one copy of inversify, of its DI identifiers, of its RPC).
        external: ['@theia/*'],
        // Minified like the rest of a production app; class names kept for inversify's and Theia's messages.
        minify: true,
        keepNames: true,
        legalComments: 'linked',
        logLevel: 'warning',
        metafile: true,
        // Files are written below only where they changed, so an app's bundle is not rebuilt for nothing.
        write: false,
    };
    const results = await Promise.all([
        // The frontend's dependencies as a browser gets them; anything of Node left to Theia's frontend bundler, as before.
        esbuild.build({ ...common, entryPoints: { [FRONTEND]: path.join(root, entries[FRONTEND]) }, platform: 'browser', external: [...common.external, ...builtins] }),
        esbuild.build({ ...common, entryPoints: { [BACKEND]: path.join(root, entries[BACKEND]) }, platform: 'node' }),
    ]);
    const written = new Set();
    for (const { outputFiles } of results) {
        for (const output of outputFiles) {
            written.add(output.path);
            const unchanged = fs.existsSync(output.path) && Buffer.compare(fs.readFileSync(output.path), Buffer.from(output.contents)) === 0;
            if (!unchanged) {
                fs.mkdirSync(path.dirname(output.path), { recursive: true });
                fs.writeFileSync(output.path, output.contents);
            }
            if (output.path.endsWith('.js')) {
                console.log(`theia-extension/${path.relative(root, output.path)}: ${(output.contents.byteLength / 1024).toFixed(0)} KB${unchanged ? ' (unchanged)' : ''}`);
            }
        }
    }
    // Nothing stale from an earlier layout.
    for (const entry of fs.readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (entry.isFile() && !written.has(file)) {
            fs.rmSync(file);
        }
    }
}

main().catch(error => {
    console.error(error.message ?? error);
    process.exit(1);
});
