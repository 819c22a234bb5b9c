// Writes `contributes.configuration` of this package.json from benchmark-core's settings schema (the one
// source of the settings of both extensions), so a scenario added to the catalog is a setting value with no
// hand edit here. Run by `yarn build`; `--check` only says whether package.json is up to date (exit 1 if not).
'use strict';
const fs = require('fs');
const path = require('path');
const { extensionSettingsSchema, SETTINGS_TITLE } = require('@fs-perf/benchmark-core');

const packageFile = path.join(__dirname, '..', 'package.json');
const text = fs.readFileSync(packageFile, 'utf8');
const manifest = JSON.parse(text);
const configuration = { title: SETTINGS_TITLE, properties: extensionSettingsSchema('vscode') };

if (JSON.stringify(manifest.contributes.configuration) === JSON.stringify(configuration)) {
    process.exit(0);
}
if (process.argv.includes('--check')) {
    console.error('vscode-extension/package.json: contributes.configuration differs from benchmark-core\'s settings schema: run `yarn build`.');
    process.exit(1);
}
manifest.contributes.configuration = configuration;
fs.writeFileSync(packageFile, `${JSON.stringify(manifest, undefined, 2)}\n`);
console.log('vscode-extension/package.json: contributes.configuration written from benchmark-core\'s settings schema');
