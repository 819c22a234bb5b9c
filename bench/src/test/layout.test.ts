import { assert } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** The folders of src/, lowest first: a file imports only files of its own folder or of folders before it; index.ts at src/ is above all. */
const FOLDER_RANKS = ['util', 'link', 'hosts', 'run', 'commands'];
const ROOT_RANK = FOLDER_RANKS.length;

/** This package's folder: the nearest one above this file with a package.json. */
function packageFolder(start: string): string {
    for (let folder = start; ; folder = path.dirname(folder)) {
        if (existsSync(path.join(folder, 'package.json'))) {
            return folder;
        }
        if (path.dirname(folder) === folder) {
            throw new Error(`No package.json above ${start}.`);
        }
    }
}

const SOURCE = path.join(packageFolder(__dirname), 'src');

function sourceFiles(folder: string): string[] {
    return readdirSync(folder).sort().flatMap(name => {
        const file = path.join(folder, name);
        if (statSync(file).isDirectory()) {
            return path.relative(SOURCE, file) === 'test' ? [] : sourceFiles(file);
        }
        return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [file] : [];
    });
}

interface Import {
    /** Both relative to src/, e.g. `run/bench.ts`. */
    readonly from: string;
    readonly to: string;
}

/**
 * Every relative import of the package's sources (import, export ... from, import(), require()), resolved to the file it
 * names, and what is wrong with any that does not resolve to a source file of the package outside src/test/.
 */
function readImports(): { imports: Import[]; problems: string[] } {
    const imports: Import[] = [];
    const problems: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
        const from = path.relative(SOURCE, file);
        for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
            if (!specifier.startsWith('.')) {
                continue;
            }
            const target = path.resolve(path.dirname(file), specifier);
            const resolved = [`${target}.ts`, path.join(target, 'index.ts')].find(candidate => existsSync(candidate));
            const to = resolved && path.relative(SOURCE, resolved);
            if (!to || to.startsWith('..')) {
                problems.push(`${from} imports '${specifier}', which is not a source file of this package`);
            } else if (to.split(path.sep)[0] === 'test') {
                problems.push(`${from} imports the test file ${to}`);
            } else {
                imports.push({ from, to });
            }
        }
    }
    return { imports, problems };
}

/** The top folder of a file (`hosts` for `hosts/theia-release/app.ts`), or '' for a file at src/. */
function topFolder(file: string): string {
    const parts = file.split(path.sep);
    return parts.length > 1 ? parts[0] : '';
}

function rank(file: string): number {
    const folder = topFolder(file);
    return folder === '' ? ROOT_RANK : FOLDER_RANKS.indexOf(folder);
}

/** The cycles of a graph: its strongly connected components of more than one node, or of one node with an edge to itself (Tarjan). */
function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
    const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap(targets => [...targets])])].sort();
    const index = new Map<string, number>();
    const lowLink = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (node: string): void => {
        index.set(node, index.size);
        lowLink.set(node, index.get(node)!);
        stack.push(node);
        onStack.add(node);
        for (const next of edges.get(node) ?? []) {
            if (!index.has(next)) {
                visit(next);
                lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
            } else if (onStack.has(next)) {
                lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
            }
        }
        if (lowLink.get(node) === index.get(node)) {
            const component: string[] = [];
            let member: string;
            do {
                member = stack.pop()!;
                onStack.delete(member);
                component.push(member);
            } while (member !== node);
            if (component.length > 1 || edges.get(node)?.has(node)) {
                found.push(component.sort());
            }
        }
    };
    for (const node of nodes) {
        if (!index.has(node)) {
            visit(node);
        }
    }
    return found;
}

function graph(imports: readonly Import[], node: (file: string) => string): Map<string, Set<string>> {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
        const [a, b] = [node(from), node(to)];
        if (a !== b) {
            edges.set(a, new Set([...edges.get(a) ?? [], b]));
        }
    }
    return edges;
}

suite('bench layout: util < link < hosts < run < commands, no cycles', () => {
    const { imports, problems } = readImports();

    test('every relative import names a source file of this package, and none a test', () => {
        assert.isAbove(imports.length, 50, 'the imports of src/ were not found');
        assert.deepEqual(problems, []);
    });

    test('every source file is in a ranked folder, or is src/index.ts', () => {
        const files = sourceFiles(SOURCE).map(file => path.relative(SOURCE, file));
        assert.deepEqual(files.filter(file => rank(file) < 0 || (topFolder(file) === '' && file !== 'index.ts')), []);
    });

    test('no import goes up to a folder ranked above the importer\'s', () => {
        const upward = imports.filter(({ from, to }) => rank(to) > rank(from)).map(({ from, to }) => `${from} -> ${to}`);
        assert.deepEqual(upward, []);
    });

    test('no cycle between files', () => {
        assert.deepEqual(cycles(graph(imports, file => file)), []);
    });

    test('no cycle between folders (top folders, and every folder with its subfolders apart)', () => {
        assert.deepEqual(cycles(graph(imports, topFolder)), []);
        assert.deepEqual(cycles(graph(imports, file => path.dirname(file))), []);
    });
});
