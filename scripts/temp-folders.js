/**
 * The `fs-perf-*` folders in the OS temp folder that `yarn clean --temp` may remove (scripts/clean.js): only this user's,
 * with fs-perf's marker (scripts/temp-marker.js) of a process that is gone, used by no process and quiet for an hour
 * everywhere inside. Plain Node, no build needed.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const { markerProcessRunning, readTempMarker } = require('./temp-marker');

/** A temporary folder with anything inside changed more recently than this may belong to a run still going: it is listed, never removed. */
const TEMP_QUIET_MS = 60 * 60 * 1000;
/** The most entries of a temporary folder looked at for its latest change; a larger one is listed, never removed. */
const TEMP_WALK_LIMIT = 1000000;
/** Errors that mean a file or folder is not this user's to read or remove: it is listed with the reason and skipped. */
const NOT_PERMITTED = new Set(['EACCES', 'EPERM']);

/**
 * Which processes use a folder, on Linux: those whose working folder, command line or an open file is in it
 * (`/proc/<pid>/cwd`, `cmdline`, `fd/`); `[{ pid, command }]`. Elsewhere, or where /proc cannot be read, none.
 */
function processesUsing(folder, proc = '/proc') {
    let pids;
    try {
        pids = fs.readdirSync(proc).filter(name => /^\d+$/.test(name));
    } catch {
        return [];
    }
    const within = candidate => candidate === folder || candidate.startsWith(folder + path.sep);
    const users = [];
    for (const pid of pids) {
        const base = path.join(proc, pid);
        let command = '';
        try {
            command = fs.readFileSync(path.join(base, 'cmdline'), 'utf8');
        } catch {
            continue;
        }
        const links = [];
        try {
            links.push(fs.readlinkSync(path.join(base, 'cwd')));
            for (const fd of fs.readdirSync(path.join(base, 'fd'))) {
                links.push(fs.readlinkSync(path.join(base, 'fd', fd)));
            }
        } catch {
            // Another user's process, or one that ended: only its command line is known.
        }
        const words = command.split('\0').filter(Boolean);
        if (links.some(within) || words.some(word => word.includes(folder))) {
            users.push({ pid: Number(pid), command: (words[0] || '?').split(path.sep).pop() });
        }
    }
    return users;
}

/**
 * The latest change anywhere in `folder` (the folder itself included): `{ mtimeMs, path, truncated }`, the newest
 * modification time and where it is, from a walk that never follows a link (a link's own time counts) and stops after
 * `limit` entries (`truncated`). An entry that goes meanwhile is passed over; one that cannot be read (EACCES) throws.
 */
function latestChange(folder, limit = TEMP_WALK_LIMIT) {
    const top = fs.lstatSync(folder);
    const latest = { mtimeMs: top.mtimeMs, path: folder, truncated: false };
    const pending = top.isDirectory() ? [folder] : [];
    let seen = 1;
    while (pending.length > 0) {
        const current = pending.pop();
        let names;
        try {
            names = fs.readdirSync(current);
        } catch (error) {
            if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
                continue;
            }
            throw error;
        }
        for (const name of names) {
            if (++seen > limit) {
                return { ...latest, truncated: true };
            }
            const full = path.join(current, name);
            let stat;
            try {
                stat = fs.lstatSync(full);
            } catch (error) {
                if (error.code === 'ENOENT') {
                    continue;
                }
                throw error;
            }
            if (stat.mtimeMs > latest.mtimeMs) {
                Object.assign(latest, { mtimeMs: stat.mtimeMs, path: full });
            }
            if (stat.isDirectory()) {
                pending.push(full);
            }
        }
    }
    return latest;
}

/**
 * Why `yarn clean --temp` keeps the temporary folder `folder`, or undefined when it may go: it is another user's; it
 * has no fs-perf marker (scripts/temp-marker.js), or the process the marker names is still running; a process uses it
 * (`using`); something in it changed within {@link TEMP_QUIET_MS} of `now`; or it cannot be read (EACCES, EPERM) or
 * checked at all. The first that holds is said.
 */
function whyTemporaryFolderIsKept(folder, now = Date.now(), using = processesUsing) {
    try {
        const stat = fs.lstatSync(folder);
        if (!stat.isDirectory()) {
            return 'no longer a folder';
        }
        if (process.getuid && stat.uid !== process.getuid()) {
            return `another user's (UID ${stat.uid})`;
        }
        const { marker, problem } = readTempMarker(folder);
        if (problem !== undefined) {
            return `${problem}: not known to be left by an fs-perf run`;
        }
        if (markerProcessRunning(marker)) {
            const purpose = typeof marker.purpose === 'string' ? `, ${marker.purpose}` : '';
            return `the process that made it is still running (PID ${marker.pid}${purpose})`;
        }
        const users = using(folder);
        if (users.length > 0) {
            return `in use by ${users.map(user => `PID ${user.pid} (${user.command})`).join(', ')}`;
        }
        const latest = latestChange(folder);
        if (latest.truncated) {
            return `more than ${TEMP_WALK_LIMIT} entries, not all checked for recent changes`;
        }
        if (now - latest.mtimeMs < TEMP_QUIET_MS) {
            const where = latest.path === folder ? '' : ` (${path.relative(folder, latest.path)})`;
            return `changed ${Math.max(0, Math.round((now - latest.mtimeMs) / 60000))} min ago${where}: it may be a run still going`;
        }
        return undefined;
    } catch (error) {
        return NOT_PERMITTED.has(error.code) ? `cannot read it (${error.code}): not yours to remove` : `cannot check it (${error.code || error.message})`;
    }
}

/**
 * The `fs-perf-*` folders in `temp` (the OS temp folder) that runs left: `{ category: 'temp', path, what, busy }`, `busy`
 * saying why one is kept (see {@link whyTemporaryFolderIsKept}), else undefined.
 */
function findTemporaryFolders(temp, now = Date.now(), using = processesUsing) {
    let entries;
    try {
        entries = fs.readdirSync(temp, { withFileTypes: true });
    } catch {
        return [];
    }
    return entries.filter(entry => entry.isDirectory() && !entry.isSymbolicLink() && entry.name.startsWith('fs-perf-')).map(entry => {
        const folder = path.join(temp, entry.name);
        const busy = whyTemporaryFolderIsKept(folder, now, using);
        return { category: 'temp', path: folder, what: `temporary folder of a run${busy ? `, kept: ${busy}` : ''}`, busy };
    });
}

module.exports = { findTemporaryFolders, whyTemporaryFolderIsKept, latestChange, processesUsing, NOT_PERMITTED, TEMP_QUIET_MS };
