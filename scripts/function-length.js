#!/usr/bin/env node
/**
 * `node scripts/function-length.js [--max N] [file or folder...]`: lists every function, method, arrow function and
 * function expression longer than N lines (default 80; the span from its first line to its last), one line each as
 * `path:line name (N lines)` with the path from the repository's root, and exits 1 when there is any. Without paths it
 * checks the repository's sources: the `src/` of benchmark-core, bench, test-files, vscode-extension, theia-extension
 * and e2e, and `scripts/*.js`. Tests (a `test/` folder, `*.test.ts`) are never checked. Plain Node with TypeScript's
 * parser, no build needed.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_MAX = 80;
const SOURCE_FOLDERS = ['benchmark-core', 'bench', 'test-files', 'vscode-extension', 'theia-extension', 'e2e'].map(name => path.join(ROOT, name, 'src'));
const USAGE = 'Usage: node scripts/function-length.js [--max N] [file or folder...]';

function isChecked(file) {
    return /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.test.ts');
}

/** The files `target` names: itself, or the checked files below it, never inside a `test/` folder. */
function filesUnder(target) {
    if (!fs.statSync(target).isDirectory()) {
        return [target];
    }
    const files = [];
    for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
        const full = path.join(target, entry.name);
        if (entry.isDirectory()) {
            if (entry.name !== 'test' && entry.name !== 'node_modules') {
                files.push(...filesUnder(full));
            }
        } else if (isChecked(entry.name)) {
            files.push(full);
        }
    }
    return files;
}

function repositoryFiles() {
    const scripts = fs.readdirSync(path.join(ROOT, 'scripts')).filter(name => name.endsWith('.js')).map(name => path.join(ROOT, 'scripts', name));
    return [...SOURCE_FOLDERS.flatMap(filesUnder), ...scripts];
}

function nameText(name, sourceFile) {
    return name && !ts.isComputedPropertyName(name) ? name.getText(sourceFile) : '<computed>';
}

/** What a reader calls the function: its own name, its class's and its own, or what it is assigned or passed to. */
function functionName(node, sourceFile) {
    const owner = node.parent && (ts.isClassLike(node.parent) || ts.isObjectLiteralExpression(node.parent)) && node.parent.name
        ? `${node.parent.name.getText(sourceFile)}.` : '';
    if (ts.isConstructorDeclaration(node)) {
        return `${owner}constructor`;
    }
    if (node.name) {
        return owner + nameText(node.name, sourceFile);
    }
    const parent = node.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) {
        return nameText(parent.name, sourceFile);
    }
    if (parent && ts.isCallExpression(parent)) {
        return `<callback of ${parent.expression.getText(sourceFile)}>`;
    }
    return ts.isArrowFunction(node) ? '<arrow function>' : '<function expression>';
}

function isFunctionWithBody(node) {
    return (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)
        || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node) || ts.isFunctionExpression(node)
        || ts.isArrowFunction(node)) && node.body !== undefined;
}

/** Every function of `file` with the line it starts on (1-based) and its span in lines, comments before it not counted. */
function functionsOf(file) {
    const text = fs.readFileSync(file, 'utf8');
    const kind = file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const functions = [];
    const visit = node => {
        if (isFunctionWithBody(node)) {
            const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
            const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
            functions.push({ file, line: first + 1, name: functionName(node, sourceFile), lines: last - first + 1 });
        }
        ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return functions;
}

/** The functions of `files` longer than `max` lines, by file and line. */
function longFunctions(files, max = DEFAULT_MAX) {
    return files.flatMap(functionsOf).filter(found => found.lines > max);
}

/** `path:line name (N lines)`, the path relative to the repository when it is inside it, whatever the working folder. */
function reportLine(found) {
    const relative = path.relative(ROOT, found.file);
    const shown = relative.startsWith('..') ? found.file : relative;
    return `${shown.split(path.sep).join('/')}:${found.line} ${found.name} (${found.lines} lines)`;
}

/** `--max N` and the paths; undefined (after saying why) for anything else. */
function parseArguments(args) {
    let max = DEFAULT_MAX;
    const targets = [];
    for (let index = 0; index < args.length; index++) {
        if (args[index] === '--max') {
            max = Number(args[++index]);
            if (!Number.isInteger(max) || max < 1) {
                console.error(`--max needs a whole number of lines of at least 1, not ${args[index] ?? 'nothing'}. ${USAGE}`);
                return undefined;
            }
        } else if (args[index].startsWith('-')) {
            console.error(`Unknown option ${args[index]}. ${USAGE}`);
            return undefined;
        } else if (!fs.existsSync(args[index])) {
            console.error(`No such file or folder: ${args[index]}`);
            return undefined;
        } else {
            targets.push(path.resolve(args[index]));
        }
    }
    return { max, targets };
}

function main() {
    const parsed = parseArguments(process.argv.slice(2));
    if (!parsed) {
        return 2;
    }
    const files = parsed.targets.length > 0 ? parsed.targets.flatMap(filesUnder) : repositoryFiles();
    const found = longFunctions(files, parsed.max);
    for (const each of found) {
        console.log(reportLine(each));
    }
    if (found.length > 0) {
        console.log(`${found.length} function(s) over ${parsed.max} lines in ${files.length} files`);
        return 1;
    }
    console.log(`No function over ${parsed.max} lines in ${files.length} files`);
    return 0;
}

if (require.main === module) {
    process.exitCode = main();
}

module.exports = { longFunctions, functionsOf, repositoryFiles, reportLine, DEFAULT_MAX };
