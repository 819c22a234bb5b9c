#!/usr/bin/env node
// Does a running Theia hold inotify watches on folders that files.watcherExclude excludes (docs/findings.md 9; Theia
// #12898, #17596, PR #17630, #17699)? Plain Node, no dependency, Linux only; nothing of fs-perf is needed.
//
//   node theia-watcher-exclude-repro.js make DIR [FOLDERS]
//       DIR/workspace: FOLDERS package folders (default 1000) in node_modules and 20 beside it, with files.watcherExclude
//       excluding node_modules in the workspace's .vscode/settings.json; DIR/user: the same in the user's settings.
//   THEIA_CONFIG_DIR=DIR/user yarn --cwd examples/browser start DIR/workspace --hostname 127.0.0.1
//       (on a Theia checkout), then open http://127.0.0.1:3000 in a browser and wait for the workbench.
//   node theia-watcher-exclude-repro.js count PID DIR/workspace
//       PID: the backend's (e.g. `pgrep -f src-gen/backend/main.js`). Counts the inotify watches of PID and every process
//       under it, and those on folders under a node_modules of the workspace; exit 1 when any is (the exclude not held).
//
// To test a change of the setting while Theia runs (#17699), start without the exclude (`make` with --no-user), then
// write it into DIR/user/settings.json and count again once the watches settle.
'use strict';
const fs = require('fs');
const path = require('path');

const EXCLUDE = { '**/node_modules/**': true };

function usage(message) {
    console.error(`theia-watcher-exclude-repro: ${message}\nusage: make DIR [FOLDERS] [--no-user] | count PID WORKSPACE`);
    process.exit(2);
}

function make(dir, folders, withUserExclude) {
    if (fs.existsSync(dir)) {
        usage(`${dir} exists already: give a new folder.`);
    }
    const workspace = path.join(dir, 'workspace');
    for (let index = 0; index < folders; index++) {
        fs.mkdirSync(path.join(workspace, 'node_modules', `package-${index}`, 'lib'), { recursive: true });
    }
    for (let index = 0; index < 20; index++) {
        fs.mkdirSync(path.join(workspace, 'src', `folder-${index}`), { recursive: true });
    }
    fs.mkdirSync(path.join(workspace, '.vscode'));
    fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'files.watcherExclude': EXCLUDE }, undefined, 2));
    fs.mkdirSync(path.join(dir, 'user'));
    fs.writeFileSync(path.join(dir, 'user', 'settings.json'), JSON.stringify(withUserExclude ? { 'files.watcherExclude': EXCLUDE } : {}, undefined, 2));
    console.log(`made ${workspace}: ${folders * 2 + 1} folders in node_modules, 21 beside it; the exclude in its .vscode/settings.json`
        + `${withUserExclude ? ` and in ${path.join(dir, 'user', 'settings.json')}` : ''}`);
}

/** The process and every process under it, from each process's parent in /proc/N/stat. */
function processTree(root) {
    const parents = new Map();
    for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) {
            continue;
        }
        try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
            const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            parents.set(Number(entry), parent);
        } catch {
            // gone meanwhile
        }
    }
    const tree = [root];
    for (let index = 0; index < tree.length; index++) {
        for (const [pid, parent] of parents) {
            if (parent === tree[index]) {
                tree.push(pid);
            }
        }
    }
    return tree;
}

/** The inode of each folder a process watches: the `ino:` of every `inotify wd:` line of its inotify descriptors. */
function watchedInodes(pid) {
    const inodes = [];
    let descriptors = [];
    try {
        descriptors = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
        return inodes;
    }
    for (const fd of descriptors) {
        try {
            if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) !== 'anon_inode:inotify') {
                continue;
            }
            for (const line of fs.readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').split('\n')) {
                const match = /^inotify wd:\S+ ino:([0-9a-f]+)/.exec(line);
                if (match) {
                    inodes.push(parseInt(match[1], 16));
                }
            }
        } catch {
            // closed meanwhile
        }
    }
    return inodes;
}

/** Every folder of the workspace by inode (links not followed). */
function foldersByInode(workspace) {
    const folders = new Map();
    const pending = [workspace];
    while (pending.length > 0) {
        const folder = pending.pop();
        folders.set(fs.lstatSync(folder).ino, folder);
        for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
            if (entry.isDirectory()) {
                pending.push(path.join(folder, entry.name));
            }
        }
    }
    return folders;
}

function count(pid, workspace) {
    if (!fs.existsSync(`/proc/${pid}`)) {
        usage(`no process ${pid}.`);
    }
    const folders = foldersByInode(path.resolve(workspace));
    let total = 0;
    const inWorkspace = [];
    for (const each of processTree(pid)) {
        for (const inode of watchedInodes(each)) {
            total++;
            if (folders.has(inode)) {
                inWorkspace.push(folders.get(inode));
            }
        }
    }
    const excluded = inWorkspace.filter(folder => path.relative(workspace, folder).split(path.sep).includes('node_modules'));
    console.log(`${total} inotify watches in process ${pid} and its children; ${inWorkspace.length} on folders of ${workspace} `
        + `(of its ${folders.size}); ${excluded.length} on folders under node_modules${excluded.length > 0 ? `, e.g. ${excluded.slice(0, 3).join(', ')}` : ''}`);
    process.exitCode = excluded.length > 0 ? 1 : 0;
}

if (process.platform !== 'linux') {
    usage(`counts inotify watches, which only Linux has (this is ${process.platform}).`);
}
const [command, ...rest] = process.argv.slice(2);
if (command === 'make' && rest[0]) {
    const folders = rest[1] && !rest[1].startsWith('--') ? Number(rest[1]) : 1000;
    if (!Number.isInteger(folders) || folders < 1 || folders > 100000) {
        usage(`FOLDERS must be a whole number from 1 to 100000, got ${JSON.stringify(rest[1])}`);
    }
    make(path.resolve(rest[0]), folders, !rest.includes('--no-user'));
} else if (command === 'count' && /^\d+$/.test(rest[0] ?? '') && rest[1]) {
    count(Number(rest[0]), path.resolve(rest[1]));
} else {
    usage(`unknown command or missing arguments: ${JSON.stringify(process.argv.slice(2).join(' '))}`);
}
