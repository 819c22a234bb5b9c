#!/usr/bin/env node
/**
 * `yarn bench` and `yarn bench:accuracy`: `node scripts/run-command.js <command> [arguments...]` checks the command line,
 * builds, then runs bench/lib/commands/<command>.js with the arguments.
 *
 * The check comes first, so a bad option is refused at once (one line, and where the help is) instead of after the build:
 * it is the command's own parser (the `checkCommandLine` of bench/lib/commands/, made from the same option table), loaded
 * from the last build. That build is trusted only while it is newer than every source the parser is made of; on an
 * unbuilt or stale tree the build runs first, and the built command checks its own arguments.
 * Plain Node: it runs before anything is built.
 */
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
/** The commands this script runs (bench/lib/commands/<name>.js), each with the module of its `checkCommandLine` (light to load). */
const CHECKERS = { bench: 'bench-arguments', accuracy: 'accuracy' };
/** The TypeScript projects the commands' parsers are compiled from. */
const PARSER_PROJECTS = ['benchmark-core', 'test-files', 'bench'];

/** The newest modification time of a file below `folder`, in ms (0 for none). */
function newestFile(folder) {
    let newest = 0;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        const time = entry.isDirectory() ? newestFile(full) : fs.lstatSync(full).mtimeMs;
        newest = Math.max(newest, time);
    }
    return newest;
}

/** Whether the last build of each project is newer than its sources (tsc -b updates tsconfig.tsbuildinfo on every build). */
function isBuilt(root) {
    return PARSER_PROJECTS.every(project => {
        const buildInfo = path.join(root, project, 'tsconfig.tsbuildinfo');
        return fs.existsSync(buildInfo) && fs.statSync(buildInfo).mtimeMs >= newestFile(path.join(root, project, 'src'));
    });
}

/**
 * The exit code of a command line the built parser refuses or answers alone (--help), else undefined: also when the
 * tree is unbuilt or stale (the built command checks again after the build).
 */
function checkBeforeBuild(root, command, argv) {
    const file = path.join(root, 'bench', 'lib', 'commands', `${CHECKERS[command]}.js`);
    if (!fs.existsSync(file) || !isBuilt(root)) {
        return undefined;
    }
    const { checkCommandLine } = require(file);
    return typeof checkCommandLine === 'function' ? checkCommandLine(argv) : undefined;
}

/** Runs the command in its own process, passing on SIGTERM and SIGHUP (the terminal's Ctrl+C reaches it directly); resolves with its exit. */
function runCommand(root, command, argv) {
    const child = spawn(process.execPath, [path.join(root, 'bench', 'lib', 'commands', `${command}.js`), ...argv], { stdio: 'inherit' });
    const forward = signal => child.kill(signal);
    // Ctrl+C signals the whole foreground group: the command stops itself (and what it started); this waits for it.
    const ignore = () => undefined;
    process.on('SIGINT', ignore).on('SIGTERM', forward).on('SIGHUP', forward);
    return new Promise(resolve => child.on('exit', (code, signal) => {
        process.off('SIGINT', ignore).off('SIGTERM', forward).off('SIGHUP', forward);
        resolve({ code, signal });
    }));
}

async function main([command, ...argv]) {
    if (!Object.hasOwn(CHECKERS, command ?? '')) {
        console.error(`error: run-command.js runs ${Object.keys(CHECKERS).join(' or ')}, not ${command === undefined ? 'nothing' : command}`);
        return 2;
    }
    const refused = checkBeforeBuild(ROOT, command, argv);
    if (refused !== undefined) {
        return refused;
    }
    const build = spawnSync('yarn', ['-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
        console.error(build.error ? `error: could not run yarn build: ${build.error.message}` : 'error: yarn build failed (its output is above)');
        // Under git bisect run, 1 would mark the commit bad: 128 stops the bisect (fs-perf's own build failed, not the commit).
        return argv.includes('--bisect-exit') ? 128 : 1;
    }
    const { code, signal } = await runCommand(ROOT, command, argv);
    if (signal) {
        process.kill(process.pid, signal);
    }
    return code ?? 1;
}

module.exports = { checkBeforeBuild, isBuilt };

if (require.main === module) {
    main(process.argv.slice(2)).then(code => {
        process.exitCode = code;
    });
}
