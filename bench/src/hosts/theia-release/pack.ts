/** `npm pack` of what a release app installs instead of the registry's: a built Theia checkout, and the Theia extension. */
import { createHash } from 'crypto';
import { existsSync, promises as fs, readFileSync } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../../util/repository';
import { runCollected } from './commands';

/**
 * Packs every public package of a built Theia checkout (`packages/*`, `dev-packages/*`) into `destination`, as
 * `lerna exec npm pack` would (`npm pack --ignore-scripts`: the checkout is built already), and returns the folder.
 */
export async function packTheiaCheckout(checkout: string, destination: string, log: (message: string) => void = console.log): Promise<string> {
    const folders: string[] = [];
    for (const group of ['packages', 'dev-packages']) {
        const parent = path.join(checkout, group);
        if (!existsSync(parent)) {
            continue;
        }
        for (const entry of (await fs.readdir(parent)).sort()) {
            const manifestFile = path.join(parent, entry, 'package.json');
            if (existsSync(manifestFile) && !(JSON.parse(readFileSync(manifestFile, 'utf8')) as { private?: boolean }).private) {
                folders.push(path.join(parent, entry));
            }
        }
    }
    if (!existsSync(path.join(checkout, 'packages', 'core', 'lib'))) {
        throw new Error(`${checkout} is not a built Theia checkout: packages/core/lib is missing (build it first: yarn && yarn build, or npx lerna run compile).`);
    }
    await fs.rm(destination, { recursive: true, force: true });
    await fs.mkdir(destination, { recursive: true });
    log(`packing ${folders.length} packages of the Theia checkout ${checkout} into ${destination}`);
    for (let start = 0; start < folders.length; start += 20) {
        await runCollected('npm', ['pack', '--ignore-scripts', '--pack-destination', destination, ...folders.slice(start, start + 20)], { cwd: checkout });
    }
    return destination;
}

/**
 * The Theia extension packed as a user gets it (`npm pack` in theia-extension/, whose `prepack` compiles and
 * bundles it) into `folder`, named by its content's hash so that an app's install sees a changed extension.
 */
export async function packTheiaExtension(folder: string): Promise<string> {
    await fs.mkdir(folder, { recursive: true });
    const output = await runCollected('npm', ['pack', '--pack-destination', folder, '--json'], { cwd: path.join(REPOSITORY_ROOT, 'theia-extension') });
    const jsonStart = output.indexOf('[');
    const [{ filename }] = JSON.parse(output.slice(jsonStart)) as { filename: string }[];
    const packed = path.join(folder, path.basename(filename));
    const hash = createHash('sha256').update(await fs.readFile(packed)).digest('hex').slice(0, 12);
    const named = path.join(folder, `fs-perf-theia-extension-${hash}.tgz`);
    await fs.rename(packed, named);
    return named;
}
