/**
 * The marker fs-perf writes in each `fs-perf-*` folder it makes in the OS temp folder, and reads back in `yarn clean
 * --temp` (scripts/clean.js): a small file `.fs-perf-temp.json` holding `{ pid, startedAt, clock, purpose }`, the
 * process that made the folder and when that process started. `yarn clean --temp` removes only a folder with this
 * marker whose process is gone: the PID no longer exists, or exists with another start time (a reused PID).
 *
 * One writer for every package: bench requires this file through its `util/temp-marker.ts`, test-files and the tests by
 * path, the plain Node scripts directly. Plain Node, no dependencies, no build needed (clean.js runs without the build).
 */
'use strict';
const fs = require('fs');
const path = require('path');

/** The marker's file name, at the top of the folder it marks. */
const TEMP_MARKER = '.fs-perf-temp.json';
/** A marker larger than this is not fs-perf's: it is not read. */
const MARKER_MAX_BYTES = 4096;

/**
 * When process `pid` started, for telling a live process from a later one that reused its PID: on Linux
 * `{ clock: 'proc-starttime', startedAt }`, field 22 of `/proc/<pid>/stat` (clock ticks after boot); undefined where it
 * cannot be read (another system, the process gone).
 */
function processStartTime(pid, proc = '/proc') {
    let stat;
    try {
        stat = fs.readFileSync(path.join(proc, String(pid), 'stat'), 'utf8');
    } catch {
        return undefined;
    }
    // Field 2, the command name, is in parentheses and may hold spaces and ')': the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startedAt = Number(fields[22 - 3]);
    return Number.isSafeInteger(startedAt) ? { clock: 'proc-starttime', startedAt } : undefined;
}

/** The marker of this process: its PID and start time (else now, in epoch milliseconds), and what the folder is for. */
function markerOfThisProcess(purpose) {
    const started = processStartTime(process.pid) ?? { clock: 'epoch-ms', startedAt: Date.now() };
    return { pid: process.pid, startedAt: started.startedAt, clock: started.clock, purpose: String(purpose) };
}

/**
 * Writes the marker into `folder`, right after the folder was made (`mkdtemp`), so that `yarn clean --temp` may remove
 * the folder once this process is gone. Never follows a link at the marker's name.
 */
function writeTempMarker(folder, purpose) {
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);
    const fd = fs.openSync(path.join(folder, TEMP_MARKER), flags, 0o600);
    try {
        fs.writeFileSync(fd, `${JSON.stringify(markerOfThisProcess(purpose))}\n`);
    } finally {
        fs.closeSync(fd);
    }
}

/** `fs.mkdtempSync(prefix)` with the marker written in it (the folder removed again if that fails); returns the folder. */
function makeTemporaryFolder(prefix, purpose) {
    const folder = fs.mkdtempSync(prefix);
    try {
        writeTempMarker(folder, purpose);
    } catch (error) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw error;
    }
    return folder;
}

/**
 * The marker in `folder`: `{ marker }` when it is a regular file of this user (no link), small, and holds a positive
 * integer `pid`; else `{ problem }` saying why not. An unreadable marker throws (EACCES, EPERM) for the caller to report.
 */
function readTempMarker(folder) {
    const file = path.join(folder, TEMP_MARKER);
    let stat;
    try {
        stat = fs.lstatSync(file);
    } catch (error) {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
            return { problem: `no fs-perf marker (${TEMP_MARKER})` };
        }
        throw error;
    }
    if (!stat.isFile() || stat.size > MARKER_MAX_BYTES || (process.getuid && stat.uid !== process.getuid())) {
        return { problem: `its ${TEMP_MARKER} is not fs-perf's (a link, not a file, too large or another user's)` };
    }
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    let text;
    try {
        text = fs.readFileSync(fd, 'utf8');
    } finally {
        fs.closeSync(fd);
    }
    let marker;
    try {
        marker = JSON.parse(text);
    } catch {
        return { problem: `its ${TEMP_MARKER} is not JSON` };
    }
    if (!marker || typeof marker !== 'object' || !Number.isSafeInteger(marker.pid) || marker.pid <= 0) {
        return { problem: `its ${TEMP_MARKER} names no process` };
    }
    return { marker };
}

/**
 * Whether the process a marker names is still running: its PID exists (`kill(pid, 0)` does not fail with ESRCH) and,
 * where both start times are known on the same clock, it started when the marker says (else the PID was reused by a
 * later process, and the marker's is gone). A PID that exists with no start time to compare counts as running.
 */
function markerProcessRunning(marker, proc = '/proc') {
    try {
        process.kill(marker.pid, 0);
    } catch (error) {
        if (error.code === 'ESRCH') {
            return false;
        }
        // EPERM: another user's process with this PID; its start time still tells whether it is the marker's.
    }
    if (marker.clock === 'proc-starttime') {
        const now = processStartTime(marker.pid, proc);
        if (now !== undefined && now.startedAt !== marker.startedAt) {
            return false;
        }
    }
    return true;
}

module.exports = { TEMP_MARKER, processStartTime, markerOfThisProcess, writeTempMarker, makeTemporaryFolder, readTempMarker, markerProcessRunning };
