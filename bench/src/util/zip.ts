import { promises as fs } from 'fs';
import * as zlib from 'zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/**
 * Every file of a zip archive (a `.vsix`, for one) by its path inside, read with zlib alone: stored and
 * deflated entries, sizes from the central directory (so data descriptors need no handling), no zip64.
 */
export async function readZipEntries(file: string): Promise<Map<string, Buffer>> {
    const zip = await fs.readFile(file);
    // The end record is the last thing in the file, followed by a comment of at most 65535 bytes.
    let end = -1;
    for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 22 - 0xffff); offset--) {
        if (zip.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
            end = offset;
            break;
        }
    }
    if (end < 0) {
        throw new Error(`${file} is not a zip archive (no end of central directory record).`);
    }
    const count = zip.readUInt16LE(end + 10);
    let entry = zip.readUInt32LE(end + 16);
    const entries = new Map<string, Buffer>();
    for (let index = 0; index < count; index++) {
        if (zip.readUInt32LE(entry) !== CENTRAL_DIRECTORY_ENTRY) {
            throw new Error(`${file}: central directory entry ${index} is damaged.`);
        }
        const method = zip.readUInt16LE(entry + 10);
        const compressedSize = zip.readUInt32LE(entry + 20);
        const nameLength = zip.readUInt16LE(entry + 28);
        const next = entry + 46 + nameLength + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
        const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
        const local = zip.readUInt32LE(entry + 42);
        if (zip.readUInt32LE(local) !== LOCAL_FILE_HEADER) {
            throw new Error(`${file}: the local header of ${name} is damaged.`);
        }
        const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const data = zip.subarray(dataStart, dataStart + compressedSize);
        if (method !== 0 && method !== 8) {
            throw new Error(`${file}: ${name} uses compression method ${method} (only stored and deflated are read).`);
        }
        entries.set(name, method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data));
        entry = next;
    }
    return entries;
}
