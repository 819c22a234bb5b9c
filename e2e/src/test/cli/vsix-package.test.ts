import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { existsSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readZipEntries, REPOSITORY_ROOT, writeTempMarker } from '@fs-perf/bench';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');

/** The categories the VS Code Marketplace accepts (its extension manifest reference); Open VSX shows the same. */
const MARKETPLACE_CATEGORIES = ['Programming Languages', 'Snippets', 'Linters', 'Themes', 'Debuggers', 'Formatters', 'Keymaps', 'SCM Providers',
    'Other', 'Extension Packs', 'Language Packs', 'Data Science', 'Machine Learning', 'Visualization', 'Notebooks', 'Education', 'Testing'];

/**
 * The editor API versions the extension has run in: VS Code 1.100.3 (code-server 4.100.3, the integration and UI
 * suites) and Theia 1.74.1's plugin API level (the Theia suites, where `vscode.version` reads 1.130.0).
 */
const TESTED_API_VERSIONS = ['1.100.3', '1.130.0'];

interface ExtensionManifest {
    name: string;
    displayName?: string;
    description?: string;
    version: string;
    publisher: string;
    license?: string;
    icon?: string;
    repository?: { type?: string; url?: string } | string;
    categories?: string[];
    keywords?: string[];
    engines: { vscode?: string };
    main?: string;
    devDependencies?: Record<string, string>;
}

type Version = [number, number, number];

function parseVersion(text: string): Version {
    const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
    assert.isNotNull(match, `${text} is not a plain major.minor.patch version`);
    return [Number(match![1]), Number(match![2]), Number(match![3])];
}

function compareVersions(a: Version, b: Version): number {
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** `^1.85.0` as its minimum; only the caret form of a 1.x version is accepted (what vsce and the marketplaces read). */
function caretMinimum(range: string): Version {
    const match = /^\^(1\.\d+\.\d+)$/.exec(range);
    assert.isNotNull(match, `engines.vscode ${range} is not a caret range of a 1.x version (e.g. ^1.85.0)`);
    return parseVersion(match![1]);
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
    assert.isTrue(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'the icon is a PNG');
    assert.strictEqual(png.toString('ascii', 12, 16), 'IHDR');
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The value of `<Property Id="id" Value="..."/>` in a vsixmanifest. */
function vsixProperty(xml: string, id: string): string | undefined {
    return new RegExp(`<Property Id="${id.replace(/\./g, '\\.')}" Value="([^"]*)"`).exec(xml)?.[1];
}

suite('The VS Code extension\'s .vsix, ready for Open VSX and the VS Code Marketplace', function (): void {
    let manifest: ExtensionManifest;
    let scratch: string;
    let vsixEntries: Map<string, Buffer>;

    suiteSetup(async function (): Promise<void> {
        this.timeout(120_000);
        manifest = JSON.parse(await fs.readFile(path.join(EXTENSION_DIRECTORY, 'package.json'), 'utf8')) as ExtensionManifest;
        assert.isTrue(existsSync(path.join(EXTENSION_DIRECTORY, 'dist', 'extension.js')), 'vscode-extension/dist/extension.js is missing: run `yarn build`');
        // Packed as `yarn package:vscode` packs it, without --allow-missing-repository: vsce itself refuses a manifest
        // without a repository, a missing icon, an SVG icon, or an engines.vscode below @types/vscode.
        scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-vsix-'));
        writeTempMarker(scratch, 'test');
        const vsix = path.join(scratch, 'fs-perf-vscode.vsix');
        const vsce = path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'vsce');
        const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix],
            { cwd: EXTENSION_DIRECTORY, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        assert.strictEqual(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);
        vsixEntries = await readZipEntries(vsix);
    });

    suiteTeardown(async () => {
        if (scratch) {
            await fs.rm(scratch, { recursive: true, force: true });
        }
    });

    test('package.json has what a registry shows: id, display name, one-sentence description, repository, license, categories, keywords', async () => {
        assert.match(manifest.name, /^[a-z0-9][a-z0-9-]*$/, 'name: lowercase, no spaces');
        assert.match(manifest.publisher, /^[a-z0-9][a-z0-9-]*$/, 'publisher: the Open VSX namespace');
        parseVersion(manifest.version);
        assert.isNotEmpty(manifest.displayName?.trim(), 'displayName');
        assert.match(manifest.description ?? '', /^[A-Z][^.]*(\.[^ .][^.]*)*\.$/, 'description: one sentence');
        assert.isBelow(manifest.description!.length, 200);
        const repository = typeof manifest.repository === 'string' ? { type: 'git', url: manifest.repository } : manifest.repository;
        assert.strictEqual(repository?.type, 'git');
        assert.match(repository?.url ?? '', /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/, 'repository.url: the public repository');
        assert.strictEqual(manifest.license, 'MIT');
        assert.match(await fs.readFile(path.join(EXTENSION_DIRECTORY, 'LICENSE'), 'utf8'), /^MIT License\n/);
        assert.isNotEmpty(manifest.categories);
        for (const category of manifest.categories ?? []) {
            assert.include(MARKETPLACE_CATEGORIES, category, `category ${category} is one the marketplaces know`);
        }
        assert.isNotEmpty(manifest.keywords);
        assert.isAtMost(manifest.keywords!.length, 5, 'the VS Code Marketplace keeps at most 5 keywords');
    });

    test('engines.vscode starts at the @types/vscode it compiles against, and every API version it was tested in satisfies it', () => {
        const minimum = caretMinimum(manifest.engines.vscode ?? '');
        const typings = parseVersion(manifest.devDependencies?.['@types/vscode'] ?? '');
        assert.isAtLeast(compareVersions(minimum, typings), 0, `engines.vscode ${manifest.engines.vscode} is below @types/vscode ${typings.join('.')}`);
        for (const tested of TESTED_API_VERSIONS) {
            assert.isAtLeast(compareVersions(parseVersion(tested), minimum), 0, `${tested} is below engines.vscode ${manifest.engines.vscode}`);
        }
    });

    test('the icon is a square PNG of 128x128 or more, and the one scripts/make-icon.js draws', async () => {
        assert.isString(manifest.icon);
        const { width, height } = pngSize(await fs.readFile(path.join(EXTENSION_DIRECTORY, manifest.icon!)));
        assert.isAtLeast(width, 128);
        assert.strictEqual(width, height);
        const check = spawnSync(process.execPath, [path.join(EXTENSION_DIRECTORY, 'scripts', 'make-icon.js'), '--check'], { encoding: 'utf8' });
        assert.strictEqual(check.status, 0, check.stderr);
    });

    test('the .vsix holds only what runs and what a registry shows, and its vsixmanifest names icon, license, categories, repository and display name', async () => {
        assert.sameMembers([...vsixEntries.keys()], ['extension.vsixmanifest', '[Content_Types].xml', 'extension/package.json', 'extension/readme.md',
            'extension/LICENSE.txt', 'extension/dist/extension.js', `extension/${manifest.icon}`, 'extension/images/show-report.png']);
        // The README's screenshot travels in the package, linked relatively (never to a repository address that may not exist).
        const readme = vsixEntries.get('extension/readme.md')!.toString('utf8');
        for (const [, image] of readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
            assert.isTrue(vsixEntries.has(`extension/${image}`), `${image}, shown by the README, is in the .vsix`);
        }
        assert.isAbove(readme.match(/!\[/g)?.length ?? 0, 0, 'the README shows the report');
        assert.isTrue(vsixEntries.get(`extension/${manifest.icon}`)!.equals(await fs.readFile(path.join(EXTENSION_DIRECTORY, manifest.icon!))));
        assert.include(vsixEntries.get('extension/LICENSE.txt')!.toString('utf8'), 'MIT License');
        const packed = JSON.parse(vsixEntries.get('extension/package.json')!.toString('utf8')) as ExtensionManifest;
        assert.strictEqual(packed.main, './dist/extension.js');
        const xml = vsixEntries.get('extension.vsixmanifest')!.toString('utf8');
        assert.include(xml, `<Identity Language="en-US" Id="${manifest.name}" Version="${manifest.version}" Publisher="${manifest.publisher}" />`);
        assert.include(xml, `<DisplayName>${manifest.displayName}</DisplayName>`);
        assert.include(xml, `<Description xml:space="preserve">${manifest.description}</Description>`);
        assert.include(xml, `<Categories>${manifest.categories!.join(',')}</Categories>`);
        assert.include(xml, `<Tags>${manifest.keywords!.join(',')}</Tags>`);
        assert.include(xml, `<Icon>extension/${manifest.icon}</Icon>`);
        assert.include(xml, '<License>extension/LICENSE.txt</License>');
        assert.strictEqual(vsixProperty(xml, 'Microsoft.VisualStudio.Code.Engine'), manifest.engines.vscode);
        const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository!.url;
        assert.strictEqual(vsixProperty(xml, 'Microsoft.VisualStudio.Services.Links.Source'), repository);
    });
});
