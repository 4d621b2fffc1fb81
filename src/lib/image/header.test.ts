import { describe, expect, it } from 'vitest';
import { ONE_COLOR_NO_PALETTE } from '../../../tests/fixtures/webp';
import { readHeifSize, readImageHeader, readImageSize, readJpegFrame, readJpegSize, readPngSize, readWebpSize, sniffFormat } from './header';

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
    // libjpeg skips stray bytes before a marker with a warning and decodes the picture.
    ['stray bytes before a marker', jpeg(SOI, APP0, [0x12, 0x34, 0x56, 0x78], sof(0xc0, 5, 6)), { width: 5, height: 6 }],
    ['a stuffed zero before the frame header', jpeg(SOI, [0xff, 0x00], sof(0xc0, 7, 8)), { width: 7, height: 8 }],
    ['a second start of image', jpeg(SOI, SOI, sof(0xc0, 5, 6)), null],
    ['segment length below 2', jpeg(SOI, [0xff, 0xe0, 0x00, 0x01], sof(0xc0, 5, 6)), null],
    ['not a JPEG', pngHeader(40, 20), null],
  ])('%s', (_label, bytes, expected) => {
    expect(readJpegSize(bytes)).toEqual(expected);
  });
});

describe('readJpegFrame', () => {
  it('gives the number of colour components with the size', () => {
    expect(readJpegFrame(jpeg(SOI, APP0, sof(0xc0, 5, 6), SOS))).toEqual({ width: 5, height: 6, components: 3 });
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

function le32(n: number): number[] {
  return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
}

function le24(n: number): number[] {
  return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
}

/** A RIFF chunk, padded to an even length as the container requires. */
function chunk(type: string, body: number[]): number[] {
  return [...ascii(type), ...le32(body.length), ...body, ...(body.length % 2 ? [0] : [])];
}

/** A WebP file of these chunks; `riffSize` overrides the RIFF size field. */
function webp(chunks: number[][], riffSize?: number): Uint8Array {
  const body = [...ascii('WEBP'), ...chunks.flat()];
  return new Uint8Array([...ascii('RIFF'), ...le32(riffSize ?? body.length), ...body]);
}

/** VP8L: signature 2f, then width - 1 and height - 1 in 14 bits each, alpha and version bits. */
function vp8l(width: number, height: number): number[] {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  return chunk('VP8L', [0x2f, ...le32(bits), 0x10, 0x88]);
}

/** VP8X: flags, then canvas width - 1 and height - 1 in 24 bits each. */
function vp8x(width: number, height: number, flags = 0): number[] {
  return chunk('VP8X', [flags, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
}

describe('readWebpSize', () => {
  it.each([
    // VP8: frame tag, start code 9d 01 2a, then 14-bit width and height (the top 2 bits are scaling).
    ['lossy VP8', webp([chunk('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0xc1, 0xc8, 0x00, 0, 0])]), { width: 400, height: 200, frames: 1 }],
    ['lossless VP8L', webp([vp8l(400, 200)]), { width: 400, height: 200, frames: 1 }],
    ['largest VP8L size', webp([vp8l(16384, 16384)]), { width: 16384, height: 16384, frames: 1 }],
    ["libwebp's 28-byte one_color_no_palette.webp", ONE_COLOR_NO_PALETTE, { width: 100, height: 100, frames: 1 }],
    ['VP8L header of 25 bytes, nothing after it', webp([vp8l(3, 5)]).subarray(0, 25), { width: 3, height: 5, frames: 1 }],
    ['extended VP8X with ALPH and VP8L', webp([vp8x(640, 480, 0x10), chunk('ALPH', [0, 1, 2]), vp8l(640, 480)]), { width: 640, height: 480, frames: 1 }],
    ['VP8X canvas past 16 bits a side', webp([vp8x(70000, 3)]), { width: 70000, height: 3, frames: 1 }],
    [
      'animation: ANMF chunks after odd-sized ones are frames',
      webp([vp8x(8, 8, 0x02), chunk('ANIM', [0, 0, 0, 0, 0, 0]), chunk('ANMF', new Array(17).fill(0)), chunk('ANMF', new Array(17).fill(0)), chunk('EXIF', [1])]),
      { width: 8, height: 8, frames: 2 },
    ],
    ['RIFF size larger than the file (the decoder judges it)', webp([vp8l(9, 4)], 5000), { width: 9, height: 4, frames: 1 }],
    ['RIFF size smaller than the file', webp([vp8l(9, 4)], 12), { width: 9, height: 4, frames: 1 }],
    ['first chunk neither VP8, VP8L nor VP8X', webp([chunk('ALPH', [1, 2, 3]), vp8l(9, 4)]), null],
    ['VP8 without its start code', webp([chunk('VP8 ', [0, 0, 0, 1, 2, 3, 0x90, 0x01, 0xc8, 0x00])]), null],
    ['VP8L without its signature', webp([chunk('VP8L', [0x2e, 1, 2, 3, 4])]), null],
    ['VP8L cut inside its size', ONE_COLOR_NO_PALETTE.subarray(0, 24), null],
    ['not RIFF', pngHeader(4, 4), null],
  ])('%s', (_label, bytes, expected) => {
    expect(readWebpSize(bytes)).toEqual(expected);
  });

  it('stops counting frames at the RIFF size: bytes after it are not chunks', () => {
    const inside = [vp8x(8, 8, 0x02), chunk('ANMF', new Array(16).fill(0))];
    const riffSize = 4 + inside.flat().length;
    expect(readWebpSize(webp([...inside, chunk('ANMF', new Array(16).fill(0))], riffSize))?.frames).toBe(1);
  });
});

/** An ISO box: 32-bit size, type, payload. */
function box(type: string, ...payload: number[][]): number[] {
  const body = payload.flat();
  return [...be32(body.length + 8), ...ascii(type), ...body];
}

/** A HEIF file whose meta box lists `extents` as ispe properties, item i + 1 associated with property i + 1. */
function heif(extents: [number, number][], primary?: number): Uint8Array {
  const ipco = box('ipco', ...extents.map(([w, h]) => box('ispe', [0, 0, 0, 0], be32(w), be32(h))));
  const ipma = box('ipma', [0, 0, 0, 0], be32(extents.length), ...extents.map((_, i) => [...be16(i + 1), 1, 0x80 | (i + 1)]));
  const pitm = primary === undefined ? [] : box('pitm', [0, 0, 0, 0], be16(primary));
  const meta = box('meta', [0, 0, 0, 0], box('hdlr', [0, 0, 0, 0, 0, 0, 0, 0], ascii('pict')), pitm, box('iprp', ipco, ipma));
  return new Uint8Array([...box('ftyp', ascii('heic'), [0, 0, 0, 0], ascii('mif1heic')), ...meta]);
}

describe('readHeifSize', () => {
  it.each([
    ['the primary item, not a larger other one', heif([[4000, 3000], [1440, 960]], 2), { width: 1440, height: 960, frames: 1 }],
    ['without a primary item, the largest extent', heif([[640, 480], [1440, 960]]), { width: 1440, height: 960, frames: 1 }],
    ['no ispe at all', heif([]), null],
  ])('%s', (_label, bytes, expected) => {
    expect(sniffFormat(bytes)).toBe('heic');
    expect(readHeifSize(bytes)).toEqual(expected);
  });
});

describe('readImageSize', () => {
  it('reads every format through one entry point', () => {
    expect(readImageSize(ONE_COLOR_NO_PALETTE)).toEqual({ width: 100, height: 100, frames: 1 });
    expect(readImageSize(pngHeader(7, 9))).toEqual({ width: 7, height: 9, frames: 1 });
    expect(readImageSize(jpeg(SOI, APP0, sof(0xc2, 11, 13), SOS))).toEqual({ width: 11, height: 13, frames: 1 });
    expect(readImageSize(new TextEncoder().encode('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 72 36\n'), { dpi: 300 })).toEqual({ width: 300, height: 150, frames: 1 });
    expect(readImageSize(new TextEncoder().encode('plain text'))).toBeNull();
  });
});
