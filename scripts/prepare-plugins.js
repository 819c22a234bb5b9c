#!/usr/bin/env node
// Places the built VS Code extension, unpacked, into plugins/ (git-ignored), the folder the sample Theia
// apps load plugins from (`--plugins=local-dir:../plugins`). Run after `yarn --cwd vscode-extension build`.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const extension = path.join(root, 'vscode-extension');
const manifest = JSON.parse(fs.readFileSync(path.join(extension, 'package.json'), 'utf8'));
const target = path.join(root, 'plugins', `${manifest.publisher}.${manifest.name}`);

const bundle = path.join(extension, 'dist', 'extension.js');
if (!fs.existsSync(bundle)) {
    console.error(`${path.relative(root, bundle)} is missing: run 'yarn --cwd vscode-extension build' first.`);
    process.exit(1);
}
fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(path.join(target, 'dist'), { recursive: true });
fs.mkdirSync(path.join(target, 'images'), { recursive: true });
for (const file of ['package.json', 'README.md', 'LICENSE', 'dist/extension.js', manifest.icon]) {
    fs.copyFileSync(path.join(extension, file), path.join(target, file));
}
console.log(`VS Code extension placed as a Theia plugin in ${path.relative(root, target)}`);
