import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

interface SubtleDigest {
    digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

function webCryptoSubtle(): SubtleDigest | undefined {
    const cryptoObject = (globalThis as { crypto?: { subtle?: SubtleDigest } }).crypto;
    return cryptoObject?.subtle;
}

/**
 * SHA-256 of `data` as lowercase hex.
 * Uses Web Crypto (Node, extension hosts, browsers in a secure context); a page served over plain
 * HTTP from a remote host has no `crypto.subtle`, so it falls back to a pure JS implementation there.
 */
export async function sha256Hex(data: Uint8Array): Promise<string> {
    const subtle = webCryptoSubtle();
    if (subtle) {
        const digest = await subtle.digest('SHA-256', data);
        return bytesToHex(new Uint8Array(digest));
    }
    return bytesToHex(nobleSha256(data));
}
