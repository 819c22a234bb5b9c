/**
 * xoshiro128** (Blackman and Vigna), seeded through splitmix32: small, fast, and the same sequence on
 * every machine and JS engine, so fixtures are byte-identical everywhere.
 */
export class Xoshiro128 {
    private s0: number;
    private s1: number;
    private s2: number;
    private s3: number;

    constructor(seed: number) {
        let state = seed >>> 0;
        const splitmix32 = (): number => {
            state = (state + 0x9e3779b9) >>> 0;
            let z = state;
            z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
            z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
            return (z ^ (z >>> 16)) >>> 0;
        };
        this.s0 = splitmix32();
        this.s1 = splitmix32();
        this.s2 = splitmix32();
        this.s3 = splitmix32();
    }

    /** Next unsigned 32-bit value. */
    next(): number {
        const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
        const t = (this.s1 << 9) >>> 0;
        this.s2 ^= this.s0;
        this.s3 ^= this.s1;
        this.s1 ^= this.s2;
        this.s0 ^= this.s3;
        this.s2 ^= t;
        this.s3 = rotl(this.s3, 11);
        this.s0 >>>= 0;
        this.s1 >>>= 0;
        this.s2 >>>= 0;
        return result;
    }

    /** Fills `target` with bytes, little-endian per 32-bit word, whatever the platform's byte order. */
    fill(target: Uint8Array): Uint8Array {
        const whole = target.length & ~3;
        let offset = 0;
        while (offset < whole) {
            const word = this.next();
            target[offset] = word & 0xff;
            target[offset + 1] = (word >>> 8) & 0xff;
            target[offset + 2] = (word >>> 16) & 0xff;
            target[offset + 3] = word >>> 24;
            offset += 4;
        }
        if (offset < target.length) {
            let word = this.next();
            while (offset < target.length) {
                target[offset++] = word & 0xff;
                word >>>= 8;
            }
        }
        return target;
    }
}

function rotl(value: number, shift: number): number {
    return ((value << shift) | (value >>> (32 - shift))) >>> 0;
}

/** FNV-1a hash of a string (UTF-16 code units), to derive one independent stream per file. */
export function fnv1a32(text: string): number {
    let hash = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) {
        hash ^= text.charCodeAt(index);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash >>> 0;
}
