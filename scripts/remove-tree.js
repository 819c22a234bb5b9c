/**
 * Removes a tree without ever following a link, for `yarn clean` (scripts/clean.js): on Linux every folder is opened
 * without following a link at its name and walked through its descriptor (`/proc/self/fd/<fd>/<name>`), so renaming or
 * swapping a folder on the way for a link to somewhere else cannot lead the removal outside. Plain Node, no build needed.
 */
'use strict';
const fs = require('fs');
const path = require('path');

/** Opening a folder without following a link at its name (the last component): ELOOP or ENOTDIR when it is not a folder. */
const OPEN_FOLDER_NOFOLLOW = fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * Whether folders are walked through their open descriptors (`/proc/self/fd/<fd>/<name>`, Linux): a path through an
 * open folder's descriptor stays in that folder whatever is renamed or swapped meanwhile.
 */
function walksByDescriptor() {
    if (process.platform !== 'linux' || fs.constants.O_NOFOLLOW === undefined || fs.constants.O_DIRECTORY === undefined) {
        return false;
    }
    try {
        return fs.statSync('/proc/self/fd').isDirectory();
    } catch {
        return false;
    }
}

/** Removes what is at `target`, not a folder (a file, a link as a link): `unlink` never follows a link at the last component. */
function unlinkEntry(target) {
    try {
        fs.unlinkSync(target);
    } catch (error) {
        if (error.code !== 'ENOENT') {
            throw error;
        }
    }
}

/** Removes an emptied folder at `target`; one swapped for a link or file meanwhile has that removed instead, as itself. */
function removeEmptiedFolder(target) {
    try {
        fs.rmdirSync(target);
    } catch (error) {
        if (error.code === 'ENOTDIR') {
            unlinkEntry(target);
        } else if (error.code !== 'ENOENT') {
            throw error;
        }
    }
}

/**
 * Removes everything in a folder, opened as `fd` (Linux: walked as `/proc/self/fd/<fd>`) or, elsewhere, at `folder`
 * checked by lstat against the descriptor before it is read. A name read as not a folder is unlinked; one that turns
 * out to be a folder (EISDIR, EPERM) is removed as one.
 */
function emptyFolder(fd, folder, byDescriptor) {
    const base = byDescriptor ? `/proc/self/fd/${fd}` : folder;
    if (!byDescriptor && fd !== undefined) {
        const now = fs.lstatSync(folder);
        const opened = fs.fstatSync(fd);
        if (!now.isDirectory() || now.dev !== opened.dev || now.ino !== opened.ino) {
            throw Object.assign(new Error(`${folder} was replaced while it was being removed: the rest is left`), { code: 'ECHANGED' });
        }
    }
    for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
        const target = path.join(base, entry.name);
        if (entry.isDirectory()) {
            removeTreeAt(target, byDescriptor);
            continue;
        }
        try {
            unlinkEntry(target);
        } catch (error) {
            if (error.code !== 'EISDIR' && error.code !== 'EPERM') {
                throw error;
            }
            removeTreeAt(target, byDescriptor);
        }
    }
}

/** Codes that mean an entry changed between two steps of its removal (a file became a folder, a folder got an entry): tried again. */
const CHANGED_MEANWHILE = new Set(['EISDIR', 'EPERM', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'ELOOP']);
const REMOVAL_ATTEMPTS = 10;

/**
 * Moves `target` aside, under a new name of its own in the same folder (a rename never follows a link), where whoever
 * keeps changing it at its old name does not reach it; returns the new path, or undefined when it is gone.
 */
function moveAside(target) {
    const aside = path.join(path.dirname(target), `.fs-perf-removing-${process.pid}-${Math.random().toString(36).slice(2)}`);
    try {
        fs.renameSync(target, aside);
        return aside;
    } catch (error) {
        if (error.code === 'ENOENT') {
            return undefined;
        }
        // Not tried again by the folders above: it is not a change meanwhile.
        error.final = true;
        throw error;
    }
}

/**
 * Removes the file, link or folder at `target` without following any link: see {@link removeOnce}. An entry that
 * changed between two steps (a link swapped back for a folder, say) is moved aside under a name of its own, where it
 * is removed again; the top of a removal (`expected`) is not moved, only tried again. A few attempts in all.
 */
function removeTreeAt(target, byDescriptor, expected) {
    let current = target;
    for (let attempt = 1; current !== undefined; attempt++) {
        try {
            removeOnce(current, byDescriptor, expected);
            return;
        } catch (error) {
            if (error.final || !CHANGED_MEANWHILE.has(error.code) || attempt >= REMOVAL_ATTEMPTS) {
                // Not tried again by the folders above either.
                error.final = true;
                throw error;
            }
            if (expected === undefined) {
                current = moveAside(current);
            }
        }
    }
}

/**
 * One attempt at removing `target`: lstat first; a folder is opened with O_NOFOLLOW|O_DIRECTORY (ELOOP or ENOTDIR: it
 * became a link or file, removed as such), emptied through its descriptor, then removed. `expected`, for the top of a
 * removal: the opened descriptor must match the lstat of the name (device and inode) and have the owner `uid` when
 * given; else nothing is removed.
 */
function removeOnce(target, byDescriptor, expected) {
    let stat;
    try {
        stat = fs.lstatSync(target);
    } catch (error) {
        if (error.code === 'ENOENT') {
            return;
        }
        throw error;
    }
    if (!stat.isDirectory()) {
        unlinkEntry(target);
        return;
    }
    let fd;
    if (fs.constants.O_NOFOLLOW !== undefined) {
        try {
            fd = fs.openSync(target, OPEN_FOLDER_NOFOLLOW);
        } catch (error) {
            if (error.code === 'ELOOP' || error.code === 'ENOTDIR') {
                unlinkEntry(target);
                return;
            }
            if (error.code === 'ENOENT') {
                return;
            }
            throw error;
        }
    }
    try {
        const opened = fd === undefined ? stat : fs.fstatSync(fd);
        if (expected !== undefined && (opened.dev !== stat.dev || opened.ino !== stat.ino || (expected.uid !== undefined && opened.uid !== expected.uid))) {
            throw Object.assign(new Error(`${target} changed before it could be removed, or is not yours: left as it is`), { code: 'ECHANGED' });
        }
        emptyFolder(fd, target, byDescriptor);
    } finally {
        if (fd !== undefined) {
            fs.closeSync(fd);
        }
    }
    removeEmptiedFolder(target);
}

/**
 * Removes `name` in the folder `parent` (a real path), never following a link: see {@link removeTreeAt}. On Linux the
 * parent is opened too and the walk goes through descriptors, so renaming or swapping any folder on the way (for a link
 * to somewhere else) cannot lead it outside. `uid`: the owner the top folder must have.
 */
function removeTree(parent, name, uid) {
    if (!walksByDescriptor()) {
        removeTreeAt(path.join(parent, name), false, { uid });
        return;
    }
    const fd = fs.openSync(parent, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
    try {
        removeTreeAt(`/proc/self/fd/${fd}/${name}`, true, { uid });
    } finally {
        fs.closeSync(fd);
    }
}

module.exports = { removeTree, walksByDescriptor };
