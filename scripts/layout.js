// The layout rules of a package's src/ folder, checked by each package's layout test (Node only, no dependencies):
// every relative import stays inside src/, no import cycle between files, and a file imports only what its folder's
// layer table ranks at or below it (so folders never import each other both ways). Tests under src/test/ are not checked.
'use strict';
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');
const ts = require('typescript');

/** Every `.ts` file below `directory`, except the folders named in `skip`. */
function sourceFiles(directory, skip) {
    const files = [];
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) {
            if (!skip.includes(entry.name)) {
                files.push(...sourceFiles(full, skip));
            }
        } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
            files.push(full);
        }
    }
    return files;
}

/** The module specifiers a source file imports or re-exports, `import()` and `require()` calls included (TypeScript's own scanner). */
function importsOf(text) {
    return ts.preProcessFile(text, true, true).importedFiles.map(file => file.fileName);
}

function resolveRelative(from, specifier) {
    const base = path.resolve(path.dirname(from), specifier);
    for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
        if (fs.existsSync(candidate)) {
            return candidate;
        }
    }
    return undefined;
}

/**
 * Checks `srcDirectory` against `layers`: for a folder (relative to src, '' for src itself), its entries (sub-folder
 * names, or file names without `.ts`) from lowest to highest; an entry imports only entries of its own rank or lower.
 * Every entry of a folder with a layer table must be in it. `packages` lists the bare specifiers allowed (a prefix ends
 * with '/'); `nodeBuiltins` allows Node's own modules. Returns the problems found, one line each; none means it passes.
 */
function checkLayout(srcDirectory, { layers, packages = [], nodeBuiltins = false, skip = ['test'] }) {
    const problems = [];
    const files = sourceFiles(srcDirectory, skip);
    const relative = file => path.relative(srcDirectory, file).split(path.sep).join('/');
    const rankOf = (folder, entry) => {
        const table = layers[folder];
        if (!table) {
            return 0;
        }
        const rank = table.findIndex(group => group.includes(entry));
        return rank;
    };
    for (const [folder, table] of Object.entries(layers)) {
        const directory = path.join(srcDirectory, folder);
        if (!fs.existsSync(directory)) {
            problems.push(`layer table names ${folder || 'src'}/, which does not exist`);
            continue;
        }
        for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
            const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, '');
            if ((entry.isDirectory() || entry.name.endsWith('.ts')) && !skip.includes(entry.name) && !table.some(group => group.includes(name))) {
                problems.push(`${folder ? folder + '/' : ''}${entry.name} is in no layer of ${folder || 'src'}/`);
            }
        }
    }
    const graph = new Map();
    for (const file of files) {
        const edges = [];
        for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
            const from = relative(file);
            if (!specifier.startsWith('.')) {
                const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
                const isBuiltin = builtinModules.includes(bare) || builtinModules.includes(bare.split('/')[0]);
                const allowed = (nodeBuiltins && isBuiltin) || packages.some(name => name.endsWith('/') ? specifier.startsWith(name) : specifier === name);
                if (!allowed) {
                    problems.push(`${from} imports '${specifier}', which this package may not import`);
                }
                continue;
            }
            const target = resolveRelative(file, specifier);
            if (!target) {
                problems.push(`${from} imports '${specifier}', which is no source file`);
                continue;
            }
            const to = relative(target);
            if (to.startsWith('..')) {
                problems.push(`${from} imports '${specifier}', outside the package's src/`);
                continue;
            }
            if (skip.includes(to.split('/')[0])) {
                problems.push(`${from} imports '${specifier}' from ${to.split('/')[0]}/`);
                continue;
            }
            edges.push(to);
            // The deepest folder both live in decides: the importer's entry there must rank at or above the imported one's.
            const fromParts = from.split('/');
            const toParts = to.split('/');
            let depth = 0;
            while (depth < fromParts.length - 1 && depth < toParts.length - 1 && fromParts[depth] === toParts[depth]) {
                depth++;
            }
            const folder = fromParts.slice(0, depth).join('/');
            const fromEntry = fromParts[depth].replace(/\.ts$/, '');
            const toEntry = toParts[depth].replace(/\.ts$/, '');
            if (fromEntry !== toEntry && rankOf(folder, toEntry) > rankOf(folder, fromEntry)) {
                problems.push(`${from} imports ${to}: ${toEntry} is above ${fromEntry} in ${folder || 'src'}/`);
            }
        }
        graph.set(relative(file), edges);
    }
    problems.push(...cyclesOf(graph).map(cycle => `import cycle: ${cycle.join(' -> ')}`));
    return problems;
}

/** One cycle per strongly connected component of more than one file (or a file importing itself), as a path. */
function cyclesOf(graph) {
    const cycles = [];
    const state = new Map(); // undefined: unvisited, 1: on the stack, 2: done
    const stack = [];
    const visit = node => {
        state.set(node, 1);
        stack.push(node);
        for (const next of graph.get(node) ?? []) {
            if (state.get(next) === 1) {
                cycles.push([...stack.slice(stack.indexOf(next)), next]);
            } else if (!state.has(next)) {
                visit(next);
            }
        }
        stack.pop();
        state.set(node, 2);
    };
    for (const node of [...graph.keys()].sort()) {
        if (!state.has(node)) {
            visit(node);
        }
    }
    return cycles;
}

module.exports = { checkLayout, cyclesOf };
