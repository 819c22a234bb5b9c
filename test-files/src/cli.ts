#!/usr/bin/env node
import { Command, InvalidArgumentError, Option } from 'commander';
import * as path from 'path';
import { FIXTURE_SIZE_LABELS, fixtureFileName, formatBytes, parseSizeList, parseTreeSizeList, TREE_SIZE_LABELS } from '@fs-perf/benchmark-core';
import { DEFAULT_SEED, FIXTURE_CONTENTS, FixtureContent } from './content';
import { DEFAULT_SMALL_FILE_BYTES, DEFAULT_SMALL_FILE_COUNT, generateFixtures } from './generator';
import { NodeFixtureStore } from './node/node-fixture-store';
import { generateTrees } from './tree-generator';

/** Default output: the git-ignored fixtures folder of `test-files/`, the sample apps' default workspace. */
export const DEFAULT_FIXTURES_DIRECTORY = path.resolve(__dirname, '..', '.fs-perf', 'fixtures');

function wholeNumber(name: string, min: number, max: number): (value: string) => number {
    return value => {
        const parsed = Number(value);
        if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
            throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
        }
        return parsed;
    };
}

function sizeList(value: string): string[] {
    try {
        return parseSizeList(value).map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

function treeList(value: string): string[] {
    try {
        return parseTreeSizeList(value.split(',').filter(label => label.trim() !== '')).map(size => size.label);
    } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
    }
}

interface CliOptions {
    trees: string[];
    out: string;
    sizes: string[];
    seed: number;
    smallFiles: number;
    smallFileBytes: number;
    content: FixtureContent;
    quiet?: boolean;
}

export async function main(argv: readonly string[]): Promise<number> {
    const program = new Command()
        .name('yarn fixtures')
        .description('Generate the deterministic test files (and manifest.json) the FS Perf benchmarks read. '
            + 'Existing files are checked by SHA-256; only missing or wrong ones are written.')
        .option('--out <dir>', 'folder to write the fixtures to', DEFAULT_FIXTURES_DIRECTORY)
        .option('--sizes <list>', `comma-separated sizes (${FIXTURE_SIZE_LABELS.join(',')})`, sizeList, [...FIXTURE_SIZE_LABELS])
        .option('--seed <n>', 'PRNG seed', wholeNumber('--seed', 0, 0xffffffff), DEFAULT_SEED)
        .option('--small-files <count>', 'number of small files for stat/readDirectory (0 for none)',
            wholeNumber('--small-files', 0, 100000), DEFAULT_SMALL_FILE_COUNT)
        .option('--small-file-bytes <n>', 'length of each small file', wholeNumber('--small-file-bytes', 1, 1024 * 1024),
            DEFAULT_SMALL_FILE_BYTES)
        .addOption(new Option('--content <kind>', 'random (incompressible) or text (printable ASCII)')
            .choices(FIXTURE_CONTENTS).default('random'))
        .option('--trees <list>', `also the generated trees of these sizes (${TREE_SIZE_LABELS.join(',')}) in trees/ (see README, "Big trees")`, treeList, [])
        .option('--quiet', 'print only the summary line')
        .showHelpAfterError()
        .exitOverride();
    try {
        program.parse(argv, { from: 'user' });
    } catch (error) {
        const exitCode = (error as { exitCode?: number }).exitCode;
        return typeof exitCode === 'number' ? exitCode : 2;
    }
    const options = program.opts<CliOptions>();
    // `yarn fixtures --out x` runs in the repo root: resolve relative paths against where the user typed it.
    const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.out);
    const started = performance.now();
    try {
        const report = await generateFixtures({
            store: new NodeFixtureStore(out),
            sizes: parseSizeList(options.sizes),
            seed: options.seed,
            smallFileCount: options.smallFiles,
            smallFileBytes: options.smallFileBytes,
            content: options.content,
            onProgress: options.quiet ? undefined : progress => console.log(`[${progress.done}/${progress.total}] ${progress.message}`),
        });
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        const sizes = parseSizeList(options.sizes).map(size => `${fixtureFileName(size.label)} (${formatBytes(size.bytes)})`);
        console.log(`Fixtures in ${out}: ${sizes.join(', ')}`);
        console.log(`Wrote ${report.written.length} (${report.repaired.length} repaired), ${report.unchanged.length} already correct; `
            + `small files: ${report.smallFilesWritten} written, ${report.smallFilesUnchanged} already correct; `
            + `manifest ${report.manifestWritten ? 'written' : 'unchanged'}; ${seconds} s.`);
        for (const tree of await generateTrees({ store: new NodeFixtureStore(out), sizes: parseTreeSizeList(options.trees) })) {
            const { files, folders, bytes, generatedInMs } = tree.manifest;
            console.log(`Tree ${tree.size}: ${files} files in ${folders} folders, ${formatBytes(bytes)}; `
                + (tree.written ? `written in ${((generatedInMs ?? 0) / 1000).toFixed(2)} s.` : 'already there.'));
        }
        return 0;
    } catch (error) {
        console.error(`error: ${(error as Error).message}`);
        return 1;
    }
}

if (require.main === module) {
    main(process.argv.slice(2)).then(code => {
        process.exitCode = code;
    }, error => {
        console.error(error);
        process.exitCode = 1;
    });
}
