// Draws the extension's marketplace icon (images/icon.png, 128x128 RGBA): a page with three bars of
// different lengths (reads timed per size) and a stopwatch. Plain Node and zlib, no image library, so the
// committed PNG can be checked against this source: `--check` exits 1 when images/icon.png differs.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const SIZE = 128;
/** Samples per pixel along each axis (anti-aliasing by supersampling). */
const SUPERSAMPLE = 4;
const ICON_FILE = path.join(__dirname, '..', 'images', 'icon.png');

const BACKGROUND = [31, 78, 121];
const PAGE = [245, 247, 250];
const FOLD = [200, 210, 222];
const BARS = [[38, 166, 154], [255, 179, 0], [239, 83, 80]];
const WATCH = [255, 143, 0];
const WATCH_FACE = [255, 255, 255];
const HAND = [33, 33, 33];

/** Inside a rectangle with rounded corners (radius r), coordinates in icon pixels. */
function inRoundedRect(x, y, left, top, right, bottom, r) {
    if (x < left || x > right || y < top || y > bottom) {
        return false;
    }
    const cx = Math.min(Math.max(x, left + r), right - r);
    const cy = Math.min(Math.max(y, top + r), bottom - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inCircle(x, y, cx, cy, r) {
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Within `halfWidth` of the segment from (x1, y1) to (x2, y2). */
function onSegment(x, y, x1, y1, x2, y2, halfWidth) {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const t = Math.min(1, Math.max(0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
    return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= halfWidth * halfWidth;
}

/** The colour at one point, painter's order (later shapes on top); undefined is transparent. */
function colourAt(x, y) {
    let colour;
    if (inRoundedRect(x, y, 4, 4, 124, 124, 22)) {
        colour = BACKGROUND;
    }
    // The page, its top right corner folded over.
    const fold = 22;
    if (inRoundedRect(x, y, 22, 14, 90, 114, 6) && x - 90 + fold < y - 14) {
        colour = PAGE;
    } else if (inRoundedRect(x, y, 22, 14, 90, 114, 6) && x - 90 + fold >= y - 14 && x >= 90 - fold && y <= 14 + fold) {
        colour = BACKGROUND;
    }
    if (x >= 90 - fold && x <= 90 && y >= 14 && y <= 14 + fold && x - (90 - fold) >= y - 14) {
        colour = FOLD;
    }
    // Three bars: the time of a read at three sizes.
    const bars = [[32, 44, 80], [32, 62, 66], [32, 80, 52]];
    bars.forEach(([left, top, right], index) => {
        if (inRoundedRect(x, y, left, top, right, top + 10, 3)) {
            colour = BARS[index];
        }
    });
    // The stopwatch, over the page's bottom right corner: crown, ring, face, hand.
    const [cx, cy] = [92, 92];
    if (inRoundedRect(x, y, cx - 5, cy - 35, cx + 5, cy - 26, 2) || inCircle(x, y, cx, cy, 27)) {
        colour = WATCH;
    }
    if (inCircle(x, y, cx, cy, 20)) {
        colour = WATCH_FACE;
    }
    if (onSegment(x, y, cx, cy, cx + 9, cy - 11, 2.6) || inCircle(x, y, cx, cy, 3.5)) {
        colour = HAND;
    }
    return colour;
}

/** RGBA pixels, row by row, each the average of SUPERSAMPLE² points (transparent points count as alpha 0). */
function renderPixels() {
    const pixels = Buffer.alloc(SIZE * SIZE * 4);
    const samples = SUPERSAMPLE * SUPERSAMPLE;
    for (let py = 0; py < SIZE; py++) {
        for (let px = 0; px < SIZE; px++) {
            let [r, g, b, covered] = [0, 0, 0, 0];
            for (let sy = 0; sy < SUPERSAMPLE; sy++) {
                for (let sx = 0; sx < SUPERSAMPLE; sx++) {
                    const colour = colourAt(px + (sx + 0.5) / SUPERSAMPLE, py + (sy + 0.5) / SUPERSAMPLE);
                    if (colour) {
                        r += colour[0];
                        g += colour[1];
                        b += colour[2];
                        covered++;
                    }
                }
            }
            const offset = (py * SIZE + px) * 4;
            if (covered > 0) {
                pixels[offset] = Math.round(r / covered);
                pixels[offset + 1] = Math.round(g / covered);
                pixels[offset + 2] = Math.round(b / covered);
                pixels[offset + 3] = Math.round(255 * covered / samples);
            }
        }
    }
    return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) {
        c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
});

function crc32(bytes) {
    let crc = 0xffffffff;
    for (const byte of bytes) {
        crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    }
    return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
}

/** The icon as PNG bytes: 8-bit RGBA, no filtering, one IDAT. */
function renderIconPng() {
    const pixels = renderPixels();
    const header = Buffer.alloc(13);
    header.writeUInt32BE(SIZE, 0);
    header.writeUInt32BE(SIZE, 4);
    header[8] = 8; // bit depth
    header[9] = 6; // colour type: RGBA
    const rows = [];
    for (let y = 0; y < SIZE; y++) {
        rows.push(Buffer.from([0]), pixels.subarray(y * SIZE * 4, (y + 1) * SIZE * 4));
    }
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
        chunk('IEND', Buffer.alloc(0)),
    ]);
}

function main() {
    const png = renderIconPng();
    const current = fs.existsSync(ICON_FILE) ? fs.readFileSync(ICON_FILE) : undefined;
    if (current && current.equals(png)) {
        return 0;
    }
    if (process.argv.includes('--check')) {
        console.error(`${path.relative(process.cwd(), ICON_FILE)} is not what scripts/make-icon.js draws: run \`node vscode-extension/scripts/make-icon.js\`.`);
        return 1;
    }
    fs.mkdirSync(path.dirname(ICON_FILE), { recursive: true });
    fs.writeFileSync(ICON_FILE, png);
    console.log(`${path.relative(process.cwd(), ICON_FILE)} written (${SIZE}x${SIZE}, ${png.length} bytes)`);
    return 0;
}

process.exitCode = main();
