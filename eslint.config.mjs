// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['fs', 'fs/promises', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream', 'util', 'worker_threads'];

export default tseslint.config(
    {
        ignores: ['**/node_modules/**', '**/lib/**', '**/out/**', '**/dist/**', '**/src-gen/**', '**/gen-*.js', '**/gen-esbuild.*.mjs', '**/esbuild.mjs', '.cache/**', '.vscode-test/**', 'plugins/**', '**/.fs-perf/**', 'e2e/.tmp-*/**'],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: {
            globals: { ...globals.node },
        },
        rules: {
            curly: 'error',
            eqeqeq: ['error', 'always'],
            quotes: ['error', 'single', { avoidEscape: true }],
            semi: ['error', 'always'],
            indent: ['error', 4, { SwitchCase: 1, MemberExpression: 1, FunctionDeclaration: { parameters: 1 }, FunctionExpression: { parameters: 1 }, ignoredNodes: ['ConditionalExpression'] }],
            'no-restricted-syntax': ['error', { selector: 'Literal[raw="null"]', message: 'Use undefined rather than null.' }],
            'no-console': 'off',
        },
    },
    {
        files: ['**/*.ts'],
        rules: {
            '@typescript-eslint/explicit-module-boundary-types': 'error',
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
            // Theia's convention: `export namespace FsPerfCommands { export const RUN: Command = ... }`.
            '@typescript-eslint/no-namespace': 'off',
        },
    },
    {
        // benchmark-core runs in browsers too: no Node built-ins on its runtime path.
        files: ['benchmark-core/src/**/*.ts', 'test-files/src/*.ts'],
        ignores: ['**/src/test/**', '**/src/bench/**', 'test-files/src/cli.ts'],
        rules: {
            'no-restricted-imports': ['error', { paths: nodeBuiltins, patterns: ['node:*'] }],
        },
    },
    {
        files: ['**/*.js', '**/*.cjs'],
        rules: {
            '@typescript-eslint/no-require-imports': 'off',
        },
    },
);
