#!/usr/bin/env node
/**
 * `yarn clean`: removes everything fs-perf built (the TypeScript output, the extensions' bundles and the .vsix, plugins/,
 * the Theia apps' bundles; `--keep-app-builds` keeps the apps', the slowest to make), saying what and how much, then lists
 * what else fs-perf left, with the space each frees and the flag that removes it: `--caches` (code-server, Toxiproxy,
 * desktop VS Code downloads), `--apps` (the Theia release and --compare apps in the user cache), `--results`
 * (bench-results/, test-results/, the test files in `.fs-perf/` folders), `--temp` (the `fs-perf-*` folders a run that was
 * killed left in the OS temp folder: workspaces, generated trees; only this user's, only those with fs-perf's marker
 * (scripts/temp-marker.js) whose process is gone, never one a process uses or one with anything inside changed in the
 * last hour), `--all`. `--list` removes nothing. Only ever removes inside the repository, the fs-perf cache folder and
 * (its `fs-perf-*` folders) the OS temp folder, and never follows a symbolic link, even one swapped in for a folder
 * while it is being removed (a link is removed as a link, its target kept: see {@link removeTree}). What it cannot
 * read or remove (another user's folder: EACCES, EPERM) is listed with the reason and skipped, never an error. Names
 * are printed with control characters escaped. Plain Node, no build needed: it runs after the build output is gone.
 */
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { removeTree } = require('./remove-tree');
const { TEMP_MARKER } = require('./temp-marker');
const { findTemporaryFolders, whyTemporaryFolderIsKept, latestChange, processesUsing, NOT_PERMITTED, TEMP_QUIET_MS } = require('./temp-folders');

/** What each part of fs-perf builds (as .gitignore ignores it): `[folder, names, what]`, a name a file or folder, or a `*` pattern. */
const BUILD_OUTPUT = [
    ...['benchmark-core', 'test-files', 'bench', 'e2e'].map(project => [project, ['lib', 'tsconfig.tsbuildinfo'], 'compiled TypeScript']),
    ['theia-extension', ['lib', 'tsconfig.tsbuildinfo'], 'compiled TypeScript'],
    ['theia-extension', ['dist'], 'the bundled Theia extension'],
    ['vscode-extension', ['out', 'tsconfig.tsbuildinfo'], 'compiled TypeScript'],
    ['vscode-extension', ['dist'], 'the bundled VS Code extension'],
    ['vscode-extension', ['*.vsix'], 'the packaged VS Code extension'],
    ['.', ['plugins'], 'the VS Code extension placed for the Theia apps'],
];
/** What `theia build` writes in each app (esbuild.mjs only while it is as generated: see {@link isGeneratedEsbuildConfig}). */
const APPS = ['browser-app', 'electron-app'];
const APP_OUTPUT = ['lib', 'src-gen', 'gen-esbuild.*.mjs', 'gen-webpack*.js', 'esbuild.mjs'];
const CATEGORIES = ['build', 'caches', 'apps', 'results', 'temp'];
/** Folders never searched for `.fs-perf/`. */
const NOT_SEARCHED = new Set(['node_modules', '.git']);

const HELP = `Usage: yarn clean [--keep-app-builds] [--caches] [--apps] [--results] [--temp] [--all] [--list]

Removes everything fs-perf built (yarn build's compiled TypeScript, extension bundles, .vsix and plugins/, and the
Theia apps' bundles: browser-app and electron-app lib/, src-gen/, gen-*), saying what and how much, then lists what else
fs-perf left here with the space each frees.
  --keep-app-builds  keep browser-app's and electron-app's bundles (theia build, the slowest to make again)
  --caches   also remove .cache/code-server, .cache/toxiproxy and .vscode-test/ (downloaded or built again when needed)
  --apps     also remove the Theia release and --compare apps in the fs-perf cache folder
             ($FS_PERF_THEIA_CACHE, else $XDG_CACHE_HOME or ~/.cache, then fs-perf/theia-apps)
  --results  also remove bench-results/, test-results/ and every .fs-perf/ folder (generated test files) in the repository
  --temp     also remove the fs-perf-* folders in the OS temp folder (${os.tmpdir()}) that a run which was killed left
             (workspaces, generated trees): only your own, only those with fs-perf's marker (${TEMP_MARKER}) whose
             process is gone; one a running process uses, or with anything inside changed in the last hour, is kept
             and listed, and so is one you cannot read or remove (another user's)
  --all      all of the above
  --list     remove nothing (not even the build output): only list
  --help     this text
An app's esbuild.mjs is removed only while it is as theia build writes it (an edited one is kept).
Nothing outside the repository, the fs-perf cache folder and the temp folder's fs-perf-* folders is removed; symbolic
links are removed, never followed (not even one swapped in for a folder during its removal). Names are printed with
control characters escaped (\\u001b).`;

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

/** Bytes a file or folder takes, links counted as links (never followed); what cannot be read (another user's) counts 0. */
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
    let names;
    try {
        names = fs.readdirSync(target);
    } catch {
        return 0;
    }
    let total = 0;
    for (const name of names) {
        total += sizeOf(path.join(target, name));
    }
    return total;
}

/**
 * Text as printed: each control character (C0, DEL, C1; and the line and bidirectional-text separators) as its JSON
 * escape, so a file name cannot send a terminal escape or fake a line of output.
 */
function printable(text) {
    const escaped = character => {
        const code = character.charCodeAt(0);
        const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x200e || code === 0x200f || (code >= 0x2028 && code <= 0x202e)
            || (code >= 0x2066 && code <= 0x2069);
        if (!control) {
            return character;
        }
        const json = JSON.stringify(character).slice(1, -1);
        return json.length > 1 ? json : `\\u${code.toString(16).padStart(4, '0')}`;
    };
    return Array.from(String(text), escaped).join('');
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

/** The entries of `folder` a name or a `*` pattern of {@link BUILD_OUTPUT} names. */
function matching(folder, name) {
    if (!name.includes('*')) {
        return [path.join(folder, name)];
    }
    const pattern = new RegExp(`^${name.split('*').map(part => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    try {
        return fs.readdirSync(folder).filter(entry => pattern.test(entry)).sort().map(entry => path.join(folder, entry));
    } catch {
        return [];
    }
}

/**
 * The texts `theia build` writes as an app's esbuild.mjs when there is none (browser and Electron targets), from the
 * installed @theia/application-manager; none when it is not installed.
 */
function generatedEsbuildConfigs(root) {
    try {
        const { BundlerGenerator } = require(require.resolve('@theia/application-manager/lib/generator/bundler-generator', { paths: [root, __dirname] }));
        return ['browser', 'electron'].map(target => {
            const choose = when => (value, otherwise = '') => when ? value : otherwise;
            const pck = { ifBrowser: choose(target === 'browser'), ifElectron: choose(target === 'electron'), ifBrowserOnly: choose(false) };
            return Object.assign(Object.create(BundlerGenerator.prototype), { pck }).compileESBuildUserConfig();
        });
    } catch {
        return [];
    }
}

/** Whether an app's esbuild.mjs is as `theia build` wrote it (else it was edited, and is kept). */
function isGeneratedEsbuildConfig(file, generated) {
    try {
        return generated.includes(fs.readFileSync(file, 'utf8'));
    } catch {
        return false;
    }
}

/** Everything fs-perf built that is here: `{ category: 'build', path, what, app }`, `app` for the Theia apps' bundles. */
function findBuildOutput(root) {
    const generated = generatedEsbuildConfigs(root);
    const built = BUILD_OUTPUT.flatMap(([folder, names, what]) => names.flatMap(name => matching(path.join(root, folder), name))
        .map(target => ({ category: 'build', path: target, what: folder === '.' ? what : `${folder}: ${what}`, app: false })));
    const apps = APPS.flatMap(app => APP_OUTPUT.flatMap(name => matching(path.join(root, app), name))
        .filter(target => path.basename(target) !== 'esbuild.mjs' || isGeneratedEsbuildConfig(target, generated))
        .map(target => ({ category: 'build', path: target, what: `${app}: theia build output`, app: true })));
    return [...built, ...apps];
}

/**
 * What fs-perf left: `{ category, path, what, bytes }` for each that exists, by category (see {@link CATEGORIES}).
 * `root`: the repository; `theiaCache`: the fs-perf cache folder of the release and compare apps; `temp`: the OS temp
 * folder (none searched when undefined).
 */
function findLeftovers({ root, theiaCache, temp }) {
    const candidates = [
        ...findBuildOutput(root),
        { category: 'caches', path: path.join(root, '.cache', 'code-server'), what: 'code-server (the vscode-server host), installed again by the next run that needs it' },
        { category: 'caches', path: path.join(root, '.cache', 'toxiproxy'), what: 'Toxiproxy (--network), built again with Go when needed' },
        { category: 'caches', path: path.join(root, '.vscode-test'), what: 'desktop VS Code downloads (@vscode/test-electron)' },
        ...listApps(theiaCache).map(name => ({ category: 'apps', path: path.join(theiaCache, name), what: name === 'packs' ? 'packed Theia extension and checkouts' : `Theia app ${name}` })),
        { category: 'results', path: path.join(root, 'bench-results'), what: 'yarn bench runs (results, reports)' },
        { category: 'results', path: path.join(root, 'test-results'), what: 'yarn test output' },
        ...findTestFileFolders(root).map(folder => ({ category: 'results', path: folder, what: 'generated test files (Generate Test Files)' })),
        ...(temp === undefined ? [] : findTemporaryFolders(temp)),
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

/** `{ remove: Set of categories, keepAppBuilds, list, help }` from the command line; throws on an unknown argument. */
function parseArguments(argv) {
    const remove = new Set(['build']);
    let keepAppBuilds = false;
    let list = false;
    let help = false;
    for (const argument of argv) {
        if (argument === '--all') {
            CATEGORIES.forEach(category => remove.add(category));
        } else if (['--caches', '--apps', '--results', '--temp'].includes(argument)) {
            remove.add(argument.slice(2));
        } else if (argument === '--keep-app-builds') {
            keepAppBuilds = true;
        } else if (argument === '--list') {
            list = true;
        } else if (argument === '--help' || argument === '-h') {
            help = true;
        } else {
            throw new Error(`unknown argument ${argument}: use --keep-app-builds, --caches, --apps, --results, --temp, --all, --list or --help`);
        }
    }
    return { remove: list ? new Set() : remove, keepAppBuilds, list, help };
}

/**
 * Whether the options remove `entry`: its category is removed, it is not an app's bundle that `--keep-app-builds` keeps,
 * and not a temporary folder in use.
 */
function removes(options, entry) {
    return options.remove.has(entry.category) && !(entry.app && options.keepAppBuilds) && !entry.busy;
}

/**
 * Removes one leftover: refused outside `allowed` folders (compared by their real paths, the entry's parent resolved too,
 * so a linked parent cannot lead outside); a link is removed as a link, and nothing below is followed (see
 * {@link removeTree}). A temporary folder must still be this user's.
 */
function removeEntry(entry, allowed) {
    const parent = fs.realpathSync(path.dirname(entry.path));
    const target = path.join(parent, path.basename(entry.path));
    if (!allowed.some(folder => fs.existsSync(folder) && isInside(target, fs.realpathSync(folder)))) {
        throw new Error(`refusing to remove ${entry.path}: it is outside ${allowed.join(' and ')}`);
    }
    removeTree(parent, path.basename(entry.path), entry.category === 'temp' && process.getuid ? process.getuid() : undefined);
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

/**
 * Removes the leftovers the options remove, printing each (`show`); one this user may not remove (EACCES, EPERM) is
 * skipped with the reason, one that fails otherwise is said too. Returns `{ removed, failed }`, `failed` the count of
 * the latter (the exit status is 1 then).
 */
function removeLeftovers(leftovers, options, allowedFor, show) {
    const removed = [];
    let failed = 0;
    for (const entry of leftovers.filter(item => removes(options, item))) {
        try {
            removeEntry(entry, allowedFor(entry));
            removed.push(entry);
            console.log(`removed ${show(entry)}`);
        } catch (error) {
            if (NOT_PERMITTED.has(error.code)) {
                console.log(`skipped ${show(entry)}: cannot remove it (${error.code}): not yours to remove`);
            } else {
                failed++;
                console.error(`could not remove ${show(entry)}: ${printable(error.message)}`);
            }
        }
    }
    return { removed, failed };
}

function main(argv) {
    let options;
    try {
        options = parseArguments(argv);
    } catch (error) {
        console.error(`error: ${printable(error.message)}`);
        return 2;
    }
    if (options.help) {
        console.log(HELP);
        return 0;
    }
    const root = findRepositoryRoot(__dirname);
    const theiaCache = defaultTheiaCache();
    const temp = os.tmpdir();
    const leftovers = findLeftovers({ root, theiaCache, temp });
    const show = entry => printable(`${formatBytes(entry.bytes).padStart(8)}  ${path.isAbsolute(path.relative(root, entry.path)) || path.relative(root, entry.path).startsWith('..')
        ? entry.path.replace(os.homedir(), '~') : path.relative(root, entry.path)}  (${entry.what})`);
    const { removed, failed } = removeLeftovers(leftovers, options, entry => entry.category === 'temp' ? [temp] : [root, theiaCache], show);
    const kept = leftovers.filter(entry => !removes(options, entry));
    if (kept.length > 0) {
        console.log(`\n${options.list ? 'What fs-perf left' : 'Also here'} (remove with the flag shown):`);
        for (const category of CATEGORIES) {
            const entries = kept.filter(entry => entry.category === category);
            if (entries.length > 0) {
                const flag = category === 'build' ? `yarn clean${options.keepAppBuilds ? ' (without --keep-app-builds)' : ''}` : `yarn clean --${category}`;
                console.log(`  ${flag}: ${formatBytes(entries.reduce((sum, entry) => sum + entry.bytes, 0))}`);
                entries.forEach(entry => console.log(`    ${show(entry)}`));
            }
        }
        console.log(`  yarn clean --all: ${formatBytes(kept.reduce((sum, entry) => sum + entry.bytes, 0))} in all`);
    }
    if (!options.list) {
        console.log(`\n${formatBytes(removed.reduce((sum, entry) => sum + entry.bytes, 0))} freed${removed.length === 0 ? ' (nothing to remove)' : ''}`);
    }
    return failed > 0 ? 1 : 0;
}

module.exports = {
    findLeftovers, findRepositoryRoot, findTemporaryFolders, whyTemporaryFolderIsKept, latestChange, processesUsing, defaultTheiaCache, generatedEsbuildConfigs,
    parseArguments, removeEntry, removeTree, removes, sizeOf, formatBytes, printable, main, CATEGORIES, TEMP_QUIET_MS,
};

if (require.main === module) {
    process.exitCode = main(process.argv.slice(2));
}
