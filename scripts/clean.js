#!/usr/bin/env node
/**
 * `yarn clean`: removes the build output (as `tsc -b --clean` always did), then lists what else fs-perf left, with the
 * space each frees and the flag that removes it: `--caches` (code-server, Toxiproxy, desktop VS Code downloads),
 * `--apps` (the Theia release and --compare apps in the user cache), `--results` (bench-results/, test-results/, the
 * test files in `.fs-perf/` folders), `--all`. `--list` removes nothing. Only ever removes inside the repository and the
 * fs-perf cache folder, and never follows a symbolic link (a link is removed as a link, its target kept).
 * Plain Node, no build needed: it runs after the build output is gone.
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

/** The TypeScript projects `tsc -b --clean` cleans, and where each writes. */
const TSC_PROJECTS = [
    ['benchmark-core', 'lib'], ['test-files', 'lib'], ['vscode-extension', 'out'], ['theia-extension', 'lib'], ['bench', 'lib'], ['e2e', 'lib'],
];
const CATEGORIES = ['build', 'caches', 'apps', 'results'];
/** Folders never searched for `.fs-perf/`. */
const NOT_SEARCHED = new Set(['node_modules', '.git']);

const HELP = `Usage: yarn clean [--caches] [--apps] [--results] [--all] [--list]

Removes the build output (tsc -b --clean), then lists what else fs-perf left here with the space each frees.
  --caches   also remove .cache/code-server, .cache/toxiproxy and .vscode-test/ (downloaded or built again when needed)
  --apps     also remove the Theia release and --compare apps in the fs-perf cache folder
             ($FS_PERF_THEIA_CACHE, else $XDG_CACHE_HOME or ~/.cache, then fs-perf/theia-apps)
  --results  also remove bench-results/, test-results/ and every .fs-perf/ folder (generated test files) in the repository
  --all      all of the above
  --list     remove nothing (not even the build output): only list
  --help     this text
Nothing outside the repository and the fs-perf cache folder is removed; symbolic links are removed, never followed.`;

/**
 * The repository root: the nearest folder at or above `start` whose package.json declares workspaces. bench's
 * `findRepositoryRoot` does the same in TypeScript, but lives in bench/lib, which this script removes.
 */
function findRepositoryRoot(start) {
    for (let folder = path.resolve(start); ; folder = path.dirname(folder)) {
        const manifest = path.join(folder, 'package.json');
        if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).workspaces !== undefined) {
            return folder;
        }
        if (path.dirname(folder) === folder) {
            throw new Error(`no package.json with "workspaces" at or above ${start}`);
        }
    }
}

/** Where `yarn bench --theia-version` and `--compare` build their apps (as bench/src/hosts/theia-release/versions.ts says). */
function defaultTheiaCache(env = process.env) {
    if (env.FS_PERF_THEIA_CACHE) {
        return path.resolve(env.FS_PERF_THEIA_CACHE);
    }
    return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'fs-perf', 'theia-apps');
}

/** Bytes a file or folder takes, links counted as links (never followed). */
function sizeOf(target) {
    let stat;
    try {
        stat = fs.lstatSync(target);
    } catch {
        return 0;
    }
    if (!stat.isDirectory()) {
        return stat.size;
    }
    let total = 0;
    for (const name of fs.readdirSync(target)) {
        total += sizeOf(path.join(target, name));
    }
    return total;
}

/** Whether `child` lies strictly inside `parent`. */
function isInside(child, parent) {
    const relative = path.relative(parent, child);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Every `.fs-perf` folder below `folder`, not descending into links, node_modules or .git. */
function findTestFileFolders(folder, depth = 0) {
    if (depth > 8) {
        return [];
    }
    let entries;
    try {
        entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
        return [];
    }
    return entries.flatMap(entry => {
        const full = path.join(folder, entry.name);
        if (entry.name === '.fs-perf') {
            return [full];
        }
        return entry.isDirectory() && !entry.isSymbolicLink() && !NOT_SEARCHED.has(entry.name) ? findTestFileFolders(full, depth + 1) : [];
    });
}

/**
 * What fs-perf left: `{ category, path, what, bytes }` for each that exists, by category (see {@link CATEGORIES}).
 * `root`: the repository; `theiaCache`: the fs-perf cache folder of the release and compare apps.
 */
function findLeftovers({ root, theiaCache }) {
    const candidates = [
        ...TSC_PROJECTS.map(([project, out]) => ({ category: 'build', path: path.join(root, project, out), what: `${project}'s compiled TypeScript` })),
        { category: 'caches', path: path.join(root, '.cache', 'code-server'), what: 'code-server (the vscode-server host), installed again by the next run that needs it' },
        { category: 'caches', path: path.join(root, '.cache', 'toxiproxy'), what: 'Toxiproxy (--network), built again with Go when needed' },
        { category: 'caches', path: path.join(root, '.vscode-test'), what: 'desktop VS Code downloads (@vscode/test-electron)' },
        ...listApps(theiaCache).map(name => ({ category: 'apps', path: path.join(theiaCache, name), what: name === 'packs' ? 'packed Theia extension and checkouts' : `Theia app ${name}` })),
        { category: 'results', path: path.join(root, 'bench-results'), what: 'yarn bench runs (results, reports)' },
        { category: 'results', path: path.join(root, 'test-results'), what: 'yarn test output' },
        ...findTestFileFolders(root).map(folder => ({ category: 'results', path: folder, what: 'generated test files (Generate Test Files)' })),
    ];
    return candidates.filter(entry => fs.existsSync(entry.path) || isLink(entry.path)).map(entry => ({ ...entry, bytes: sizeOf(entry.path) }));
}

function isLink(target) {
    try {
        return fs.lstatSync(target).isSymbolicLink();
    } catch {
        return false;
    }
}

/** The apps in the cache folder: only the names fs-perf gives them (theia-<version>, compare-<side>-..., packs). */
function listApps(theiaCache) {
    try {
        return fs.readdirSync(theiaCache).filter(name => /^(theia-\d|compare-)/.test(name) || name === 'packs').sort();
    } catch {
        return [];
    }
}

/** `{ remove: Set of categories, list, help }` from the command line; throws on an unknown argument. */
function parseArguments(argv) {
    const remove = new Set(['build']);
    let list = false;
    let help = false;
    for (const argument of argv) {
        if (argument === '--all') {
            CATEGORIES.forEach(category => remove.add(category));
        } else if (['--caches', '--apps', '--results'].includes(argument)) {
            remove.add(argument.slice(2));
        } else if (argument === '--list') {
            list = true;
        } else if (argument === '--help' || argument === '-h') {
            help = true;
        } else {
            throw new Error(`unknown argument ${argument}: use --caches, --apps, --results, --all, --list or --help`);
        }
    }
    return { remove: list ? new Set() : remove, list, help };
}

/**
 * Removes one leftover: refused outside `allowed` folders (compared by their real paths, the entry's parent resolved too,
 * so a linked parent cannot lead outside); a link is removed as a link.
 */
function removeEntry(entry, allowed) {
    const parent = fs.realpathSync(path.dirname(entry.path));
    const target = path.join(parent, path.basename(entry.path));
    if (!allowed.some(folder => fs.existsSync(folder) && isInside(target, fs.realpathSync(folder)))) {
        throw new Error(`refusing to remove ${entry.path}: it is outside ${allowed.join(' and ')}`);
    }
    fs.rmSync(target, { recursive: !isLink(target), force: true });
}

function formatBytes(bytes) {
    const units = ['B', 'KB', 'MB', 'GB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
        value /= 1000;
        unit++;
    }
    return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function main(argv) {
    let options;
    try {
        options = parseArguments(argv);
    } catch (error) {
        console.error(`error: ${error.message}`);
        return 2;
    }
    if (options.help) {
        console.log(HELP);
        return 0;
    }
    const root = findRepositoryRoot(__dirname);
    const theiaCache = defaultTheiaCache();
    const leftovers = findLeftovers({ root, theiaCache });
    const show = entry => `${formatBytes(entry.bytes).padStart(8)}  ${path.isAbsolute(path.relative(root, entry.path)) || path.relative(root, entry.path).startsWith('..')
        ? entry.path.replace(os.homedir(), '~') : path.relative(root, entry.path)}  (${entry.what})`;
    const removed = [];
    if (options.remove.has('build')) {
        const build = leftovers.filter(entry => entry.category === 'build');
        const projects = TSC_PROJECTS.map(([project]) => project).filter(project => fs.existsSync(path.join(root, project, 'tsconfig.json')));
        const result = projects.length === 0 ? { status: 0 }
            : spawnSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-b', '--clean', ...projects], { cwd: root, stdio: 'inherit' });
        if (result.status !== 0) {
            console.error('error: tsc -b --clean failed');
            return 1;
        }
        const bytes = build.reduce((sum, entry) => sum + entry.bytes - sizeOf(entry.path), 0);
        console.log(`build output: removed (tsc -b --clean), ${formatBytes(bytes)} freed`);
    }
    for (const entry of leftovers.filter(item => item.category !== 'build' && options.remove.has(item.category))) {
        removeEntry(entry, [root, theiaCache]);
        removed.push(entry);
        console.log(`removed ${show(entry)}`);
    }
    const kept = leftovers.filter(entry => !options.remove.has(entry.category) && (entry.category !== 'build' || options.list));
    if (kept.length > 0) {
        console.log(`\n${options.list ? 'What fs-perf left' : 'Also here'} (remove with the flag shown):`);
        for (const category of CATEGORIES) {
            const entries = kept.filter(entry => entry.category === category);
            if (entries.length > 0) {
                const flag = category === 'build' ? 'yarn clean' : `yarn clean --${category}`;
                console.log(`  ${flag}: ${formatBytes(entries.reduce((sum, entry) => sum + entry.bytes, 0))}`);
                entries.forEach(entry => console.log(`    ${show(entry)}`));
            }
        }
        console.log(`  yarn clean --all: ${formatBytes(kept.reduce((sum, entry) => sum + entry.bytes, 0))} in all`);
    }
    if (removed.length > 0) {
        console.log(`\n${formatBytes(removed.reduce((sum, entry) => sum + entry.bytes, 0))} freed besides the build output`);
    }
    return 0;
}

module.exports = { findLeftovers, findRepositoryRoot, defaultTheiaCache, parseArguments, removeEntry, sizeOf, formatBytes, CATEGORIES };

if (require.main === module) {
    process.exitCode = main(process.argv.slice(2));
}
