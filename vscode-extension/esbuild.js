// Bundles the extension (and benchmark-core, test-files and their dependencies) into one file, so the
// .vsix and the Theia plugin folder need no node_modules.
'use strict';
const esbuild = require('esbuild');

const options = {
    entryPoints: ['src/extension.ts'],
    bundle: true,
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'],
    sourcemap: true,
    minify: true,
    logLevel: 'warning',
};

async function main() {
    if (process.argv.includes('--watch')) {
        const context = await esbuild.context(options);
        await context.watch();
        return;
    }
    await esbuild.build(options);
}

main().catch(error => {
    console.error(error);
    process.exit(1);
});
