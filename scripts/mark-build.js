#!/usr/bin/env node
// Records which build of a Theia app is in its lib/ (development or production), so `yarn bench` can tell
// whether it measures what users ship: `node ../scripts/mark-build.js <mode>`, run by the app's build scripts.
'use strict';
const fs = require('fs');
const path = require('path');

const mode = process.argv[2];
if (mode !== 'development' && mode !== 'production') {
    console.error('usage: mark-build.js development|production');
    process.exit(2);
}
fs.mkdirSync('lib', { recursive: true });
fs.writeFileSync(path.join('lib', '.fs-perf-build-mode'), `${mode}\n`);
