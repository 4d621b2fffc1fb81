import { describe, expect, it } from 'vitest';
import { readImageHeader, readJpegSize, readPngSize, sniffFormat } from './header';

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function be32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

function be16(n: number): number[] {
  return [(n >>> 8) & 255, n & 255];
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function pngHeader(width: number, height: number, chunk = 'IHDR'): Uint8Array {
  return new Uint8Array([...PNG_SIG, ...be32(13), ...ascii(chunk), ...be32(width), ...be32(height), 8, 6, 0, 0, 0, 0, 0, 0, 0]);
}

/** A JPEG marker segment: FF, marker, 2-byte length (covering itself) and payload. */
function segment(marker: number, payload: number[]): number[] {
  return [0xff, marker, ...be16(payload.length + 2), ...payload];
}

function sof(marker: number, width: number, height: number): number[] {
  return segment(marker, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
}

const SOI = [0xff, 0xd8];
const APP0 = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const APP1 = segment(0xe1, [...ascii('Exif'), 0, 0, ...new Array(40).fill(0)]);
const DQT = segment(0xdb, [0, ...new Array(64).fill(1)]);
const DHT = segment(0xc4, [0, ...new Array(16).fill(0)]);
const SOS = segment(0xda, [1, 1, 0, 0, 63, 0]);

function jpeg(...parts: number[][]): Uint8Array {
  return new Uint8Array(parts.flat());
}

describe('sniffFormat', () => {
  it.each([
    ['png', new Uint8Array(PNG_SIG), 'png'],
    ['jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['gif', new Uint8Array(ascii('GIF89a')), 'gif'],
    ['webp', new Uint8Array([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')]), 'webp'],
    ['tiff', new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'tiff'],
    ['heic', new Uint8Array([0, 0, 0, 24, ...ascii('ftypheic')]), 'heic'],
    ['avif', new Uint8Array([0, 0, 0, 24, ...ascii('ftypavif')]), 'avif'],
    ['pdf', new Uint8Array(ascii('%PDF-1.7\n')), 'pdf'],
    ['text', new Uint8Array(ascii('hello, world')), null],
    ['empty', new Uint8Array(0), null],
    ['PNG signature cut short', new Uint8Array(PNG_SIG.slice(0, 5)), null],
  ])('%s', (_label, bytes, expected) => {
    expect(sniffFormat(bytes)).toBe(expected);
  });
});

describe('readPngSize', () => {
  it.each([
    ['small', pngHeader(40, 20), { width: 40, height: 20 }],
    ['huge claimed size', pngHeader(100000, 100000), { width: 100000, height: 100000 }],
    ['largest 31-bit size', pngHeader(0x7fffffff, 1), { width: 0x7fffffff, height: 1 }],
    ['zero width', pngHeader(0, 20), null],
    ['first chunk is not IHDR', pngHeader(40, 20, 'IDAT'), null],
    ['truncated in IHDR', pngHeader(40, 20).subarray(0, 20), null],
    ['not a PNG', jpeg(SOI, sof(0xc0, 40, 20)), null],
  ])('%s', (_label, bytes, expected) => {
    expect(readPngSize(bytes)).toEqual(expected);
  });
});

describe('readJpegSize', () => {
  it.each([
    ['baseline SOF0 after APP0 and DQT', jpeg(SOI, APP0, DQT, sof(0xc0, 640, 480), DHT, SOS), { width: 640, height: 480 }],
    ['extended SOF1', jpeg(SOI, APP0, sof(0xc1, 33, 17), SOS), { width: 33, height: 17 }],
    ['progressive SOF2 after a large EXIF segment', jpeg(SOI, APP1, sof(0xc2, 4000, 3000), SOS), { width: 4000, height: 3000 }],
    ['DHT (C4) before the frame is skipped, not read as a frame', jpeg(SOI, DHT, sof(0xc0, 12, 34), SOS), { width: 12, height: 34 }],
    ['fill bytes before a marker', jpeg(SOI, [0xff, 0xff, 0xff], APP0, sof(0xc0, 5, 6)), { width: 5, height: 6 }],
    ['largest 16-bit size', jpeg(SOI, sof(0xc0, 65535, 65535)), { width: 65535, height: 65535 }],
    ['scan before any frame header', jpeg(SOI, APP0, SOS, sof(0xc0, 5, 6)), null],
    ['height deferred to DNL (0)', jpeg(SOI, sof(0xc0, 100, 0), SOS), null],
    ['cut off inside the frame header', jpeg(SOI, APP0, sof(0xc0, 640, 480)).subarray(0, 2 + APP0.length + 6), null],
    ['cut off before the frame header', jpeg(SOI, APP0), null],
    ['garbage where a marker should be', jpeg(SOI, [0x12, 0x34, 0x56, 0x78], sof(0xc0, 5, 6)), null],
    ['segment length below 2', jpeg(SOI, [0xff, 0xe0, 0x00, 0x01], sof(0xc0, 5, 6)), null],
    ['not a JPEG', pngHeader(40, 20), null],
  ])('%s', (_label, bytes, expected) => {
    expect(readJpegSize(bytes)).toEqual(expected);
  });
});

describe('readImageHeader', () => {
  it.each([
    ['PNG', pngHeader(7, 9), { format: 'png', width: 7, height: 9 }],
    ['JPEG', jpeg(SOI, APP0, sof(0xc2, 11, 13), SOS), { format: 'jpeg', width: 11, height: 13 }],
    ['GIF is neither', new Uint8Array([...ascii('GIF89a'), 1, 0, 1, 0]), null],
    ['damaged PNG', pngHeader(0, 0), null],
  ])('%s', (_label, bytes, expected) => {
    expect(readImageHeader(bytes)).toEqual(expected);
  });
});
