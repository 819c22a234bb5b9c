/** Runs @theia/plugin-ext's FileSystemMainImpl module (as installed, or as a planting script patched it) with a fake FileService. */
import { assert } from 'chai';
import { readFileSync } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import * as vm from 'vm';
import { installedPackage } from './planted-package';

export const INSTALLED_PLUGIN_EXT = installedPackage('@theia/plugin-ext');
export const MAIN_FILE = path.join('lib', 'main', 'browser', 'file-system-main-impl.js');

export interface BinaryBufferLike { readonly buffer: Uint8Array }
export interface FileSystemMain {
    $readFile(uri: { scheme: string; path: string }): Promise<BinaryBufferLike>;
    $stat(uri: { scheme: string; path: string }): Promise<{ type: number; size: number }>;
}
/** The module's global, where the planted code counts what it did (see the scripts' `fsPerfPlantedWork`, `fsPerfPlantedRoundTrip`). */
export interface Counters { __fsPerfPlantedBytes?: number; __fsPerfPlantedMs?: number; __fsPerfPlantedRoundTrips?: number; __fsPerfPlantedStatRoundTrips?: number }

/** The module loaded: its FileSystemMainImpl, its global's counters, and every call made on the fake FileService in order. */
export interface LoadedFileSystemMain {
    readonly main: FileSystemMain;
    readonly counters: Counters;
    /** The URIs FileService.readFile was called with. */
    readonly reads: string[];
    /** Every FileService call, as `resolve <uri>` or `readFile <uri>`, in the order made. */
    readonly calls: string[];
}

/** The fake may only offer what the installed FileService has (a fake with a `stat` once hid a plant that called one). */
function assertMethodsOfInstalledFileService(names: readonly string[]): void {
    const source = readFileSync(path.join(installedPackage('@theia/filesystem'), 'lib', 'browser', 'file-service.js'), 'utf8');
    for (const name of names) {
        assert.match(source, new RegExp(`\\n    (async )?${name}\\(`), `the installed FileService has no ${name} method`);
    }
}

/**
 * Runs the module `text` (file-system-main-impl.js) in a context of its own, its requires resolved from the installed
 * @theia/plugin-ext but for the browser-only FileService module (it needs a DOM), which is a token here: the container
 * hands a fake FileService whose readFile answers with `content` and whose resolve answers with a file's stat. The planted
 * code counts into the context's global.
 */
export function loadFileSystemMain(text: string, content: BinaryBufferLike): LoadedFileSystemMain {
    const requireInstalled = createRequire(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE));
    const fileServiceToken = Symbol('FileService');
    const context = vm.createContext({ performance });
    const module = { exports: {} as { FileSystemMainImpl: new (rpc: unknown, container: unknown) => FileSystemMain } };
    const factory = vm.runInContext(`(function (exports, require, module) {\n${text}\n})`, context, { filename: MAIN_FILE });
    factory(module.exports, (id: string) => id === '@theia/filesystem/lib/browser/file-service' ? { FileService: fileServiceToken } : requireInstalled(id), module);
    const reads: string[] = [];
    const calls: string[] = [];
    const noEvents = (): { dispose(): void } => ({ dispose: () => undefined });
    const fileService = {
        listCapabilities: () => [],
        onDidChangeFileSystemProviderRegistrations: noEvents,
        onDidChangeFileSystemProviderCapabilities: noEvents,
        readFile: async (uri: { toString(): string }) => {
            reads.push(uri.toString());
            calls.push(`readFile ${uri.toString()}`);
            return { resource: uri, value: content };
        },
        resolve: async (uri: { toString(): string }) => {
            calls.push(`resolve ${uri.toString()}`);
            return { resource: uri, isFile: true, isDirectory: false, size: content.buffer.byteLength };
        },
    };
    assertMethodsOfInstalledFileService(['readFile', 'resolve']);
    const rpc = { getProxy: () => ({ $acceptProviderInfos: () => undefined }) };
    const container = { get: (token: unknown) => token === fileServiceToken ? fileService : assert.fail(`asked the container for ${String(token)}`) };
    return { main: new module.exports.FileSystemMainImpl(rpc, container), counters: context as Counters, reads, calls };
}
