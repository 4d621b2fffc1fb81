import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decode as decodeAvifRaw } from './avif';
import { decode as decodeJxlRaw } from './jxl';
import { decode } from '../decode';
import { encode } from '../encode';
import { readHeifOrientation, readImageSize, readJxlSize, sniffFormat } from '../header';
import { texturedPhoto as photo } from '../../../../tests/support/image-fixtures';
import { itJudgedBy, judgeCommand } from '../../../../tests/support/judges';
import type { RasterImage } from '../types';


/** Mean absolute difference per channel (RGBA) of two pictures of one size. */
function meanError(a: RasterImage, b: RasterImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

/** The largest difference of any channel of any pixel. */
function maxError(a: RasterImage, b: RasterImage): number {
  let max = 0;
  for (let i = 0; i < a.data.length; i++) max = Math.max(max, Math.abs(a.data[i] - b.data[i]));
  return max;
}

/**
 * `losslessTolerance`: the JPEG XL decoder hands its pixels through floating
 * point, so a few of a lossless file's values come back one level off (24 of
 * 23,668 here); AVIF's come back exact.
 */
const FORMATS = [
  { format: 'avif' as const, raw: decodeAvifRaw, lossyQuality: 50, losslessTolerance: 0 },
  { format: 'jxl' as const, raw: decodeJxlRaw, lossyQuality: 75, losslessTolerance: 1 },
];

describe.each(FORMATS)('$format', ({ format, raw, lossyQuality, losslessTolerance }) => {
  const source = photo(97, 61, true);

  it('lossy output decodes back to the same size, close to the source, and smaller than lossless', async () => {
    const lossy = await encode(source, format, { quality: lossyQuality });
    expect(sniffFormat(lossy)).toBe(format);
    const back = await raw(lossy);
    expect([back.width, back.height]).toEqual([97, 61]);
    expect(meanError(back, source)).toBeLessThan(4);
    const lossless = await encode(source, format, { lossless: true });
    expect(lossy.byteLength).toBeLessThan(lossless.byteLength);
  });

  it('a higher quality gives a closer picture', async () => {
    const low = await raw(await encode(source, format, { quality: 20 }));
    const high = await raw(await encode(source, format, { quality: 90 }));
    expect(meanError(high, source)).toBeLessThan(meanError(low, source));
  });

  it('lossless keeps every pixel, alpha included', async () => {
    const back = await raw(await encode(source, format, { lossless: true }));
    expect([back.width, back.height]).toEqual([97, 61]);
    expect(maxError(back, source)).toBeLessThanOrEqual(losslessTolerance);
  });

  it('the header reader gives the size of what the encoder wrote', async () => {
    for (const [w, h] of [[97, 61], [8, 8], [64, 48], [1, 1], [300, 17], [600, 400]]) {
      const bytes = await encode(photo(w, h), format, { quality: 60 });
      expect(readImageSize(bytes)).toEqual({ width: w, height: h, frames: 1 });
    }
  });

  it('the codec layer decodes it, and a damaged file gets the message naming it', async () => {
    const bytes = await encode(source, format, { quality: 60 });
    const decoded = await decode(`a.${format}`, bytes);
    expect(decoded.format).toBe(format);
    expect([decoded.frames[0].width, decoded.frames[0].height]).toEqual([97, 61]);
    const damaged = bytes.slice(0, Math.floor(bytes.length / 2));
    const label = format === 'avif' ? 'AVIF' : 'JPEG XL';
    await expect(decode(`broken.${format}`, damaged)).rejects.toThrow(`The file broken.${format} is damaged or not a valid ${label} image.`);
    const garbled = bytes.slice();
    for (let i = 40; i < garbled.length; i += 7) garbled[i] ^= 0x5a;
    await expect(decode(`garbled.${format}`, garbled)).rejects.toThrow(`The file garbled.${format} is damaged or not a valid ${label} image.`);
  });
});

describe('JPEG XL header', () => {
  /** Packs [value, bits] pairs least significant bit first, as a JPEG XL codestream does. */
  function bits(fields: [number, number][]): number[] {
    const out: number[] = [];
    let at = 0;
    for (const [value, n] of fields) {
      for (let i = 0; i < n; i++, at++) {
        if ((at & 7) === 0) out.push(0);
        if (Math.floor(value / 2 ** i) % 2) out[at >> 3] |= 1 << (at & 7);
      }
    }
    return out;
  }
  const codestream = (fields: [number, number][]) => new Uint8Array([0xff, 0x0a, ...bits(fields), 0, 0, 0, 0]);

  it('reads small, large, ratio and turned sizes', () => {
    // small: 16 x 24 (height (2+1)*8, ratio 0, width (1+1)*8), all-default metadata
    expect(readJxlSize(codestream([[1, 1], [2, 5], [0, 3], [1, 5], [1, 1]]))).toEqual({ width: 16, height: 24, frames: 1 });
    // 30000 x 20000 with 18-bit sizes: what the pixel limit refuses before anything is decoded
    expect(readJxlSize(codestream([[0, 1], [2, 2], [19999, 18], [0, 3], [2, 2], [29999, 18], [1, 1]]))).toEqual({ width: 30000, height: 20000, frames: 1 });
    // ratio 5 (16:9) on a height of 900
    expect(readJxlSize(codestream([[0, 1], [1, 2], [899, 13], [5, 3], [1, 1]]))).toEqual({ width: 1600, height: 900, frames: 1 });
    // orientation 6 (turned a quarter): the decoded picture's sides are swapped
    expect(readJxlSize(codestream([[0, 1], [0, 2], [99, 9], [0, 3], [0, 2], [199, 9], [0, 1], [1, 1], [5, 3]]))).toEqual({ width: 100, height: 200, frames: 1 });
  });

  it('reads the codestream inside a container (jxlc, or split over jxlp boxes)', () => {
    const stream = codestream([[0, 1], [1, 2], [899, 13], [5, 3], [1, 1]]);
    const box = (type: string, payload: number[]) => [0, 0, 0, 8 + payload.length, ...[...type].map((c) => c.charCodeAt(0)), ...payload];
    const signature = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
    const ftyp = box('ftyp', [...'jxl \0\0\0\0jxl '].map((c) => c.charCodeAt(0)));
    const jxlc = new Uint8Array([...signature, ...ftyp, ...box('jxlc', [...stream])]);
    expect(sniffFormat(jxlc)).toBe('jxl');
    expect(readImageSize(jxlc)).toEqual({ width: 1600, height: 900, frames: 1 });
    const jxlp = new Uint8Array([...signature, ...ftyp, ...box('jxlp', [0, 0, 0, 0, ...stream.subarray(0, 3)]), ...box('jxlp', [0x80, 0, 0, 1, ...stream.subarray(3)])]);
    expect(readImageSize(jxlp)).toEqual({ width: 1600, height: 900, frames: 1 });
  });

  it('refuses a file that claims more pixels than the limit, before decoding it', async () => {
    const huge = codestream([[0, 1], [2, 2], [19999, 18], [0, 3], [2, 2], [29999, 18], [1, 1]]);
    await expect(decode('huge.jxl', huge)).rejects.toThrow('The image huge.jxl is 30000 x 20000 pixels (600 megapixels), more than can be converted in the browser');
  });

  it('a truncated header is null, so the decoder has the last word', () => {
    expect(readJxlSize(new Uint8Array([0xff, 0x0a]))).toBeNull();
  });
});

describe('AVIF header', () => {
  it('refuses an AVIF whose ispe claims more pixels than the limit', async () => {
    const bytes = await encode(photo(40, 30), 'avif', { quality: 50 });
    const patched = bytes.slice();
    // Rewrite every ispe property to 20000 x 20000.
    for (let i = 0; i + 16 <= patched.length; i++) {
      if (String.fromCharCode(...patched.subarray(i, i + 4)) !== 'ispe') continue;
      patched.set([0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20], i + 8);
    }
    expect(readImageSize(patched)).toEqual({ width: 20000, height: 20000, frames: 1 });
    await expect(decode('huge.avif', patched)).rejects.toThrow('The image huge.avif is 20000 x 20000 pixels (400 megapixels)');
  });
});

/** Four quadrants: red top left, green top right, blue bottom left, white bottom right. */
function quadrants(w: number, h: number): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const colour = y < h / 2 ? (x < w / 2 ? [255, 0, 0] : [0, 255, 0]) : x < w / 2 ? [0, 0, 255] : [255, 255, 255];
      data.set([...colour, 255], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data };
}

const ascii4 = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/**
 * The AVIF with its colour property turned into an essential `irot` of the
 * same length (so no offset moves): `turns` quarter turns anticlockwise.
 */
function withRotation(avif: Uint8Array, turns: number): Uint8Array {
  const b = avif.slice();
  let ipco = -1;
  for (let i = 0; i + 8 < b.length; i++) if (ascii4(b, i) === 'ipco') ipco = i;
  let index = 0;
  let colr = -1;
  for (let at = ipco + 4, n = 1; at < ipco - 4 + be32(b, ipco - 4); n++) {
    if (ascii4(b, at + 4) === 'colr') [index, colr] = [n, at];
    at += be32(b, at);
  }
  expect(colr).toBeGreaterThan(0);
  b.set([...'irot'].map((c) => c.charCodeAt(0)), colr + 4);
  b.fill(0, colr + 8, colr + be32(b, colr));
  b[colr + 8] = turns;
  // Mark the association essential, as transformative properties must be.
  const ipma = b.findIndex((_, i) => ascii4(b, i) === 'ipma');
  let at = ipma + 4 + 4 + 4;
  for (let entries = be32(b, ipma + 8); entries > 0; entries--) {
    const count = b[at + 2];
    for (let k = 0; k < count; k++) if ((b[at + 3 + k] & 0x7f) === index) b[at + 3 + k] = 0x80 | index;
    at += 3 + count;
  }
  return b;
}

describe('AVIF rotation', () => {
  it('turns the picture as its irot asks, as viewers show it', async () => {
    const stored = await encode(quadrants(40, 30), 'avif', { lossless: true });
    for (const [turns, orientation] of [[0, 1], [1, 8], [2, 3], [3, 6]]) {
      const turned = withRotation(stored, turns);
      expect(readHeifOrientation(turned)).toBe(orientation);
      const picture = (await decode('turned.avif', turned)).frames[0];
      expect([picture.width, picture.height]).toEqual(turns % 2 ? [30, 40] : [40, 30]);
      const topLeft = [...picture.data.subarray(0, 3)];
      // Anticlockwise: a quarter turn brings the top right (green) to the top left; a half turn the bottom right (white); three quarters the bottom left (blue).
      expect(topLeft).toEqual([[255, 0, 0], [0, 255, 0], [255, 255, 255], [0, 0, 255]][turns]);
    }
  });
});

// ImageMagick (with libheif) is an independent AVIF reader. One built without
// libheif (Debian 12's has it) is a broken judge, so the test fails rather than skips.
const magick = judgeCommand('convert');
const magickReadsAvif = () =>
  expect(execFileSync(magick, ['-list', 'format'], { encoding: 'utf8' }), `${magick} -list format: AVIF, readable through libheif`).toMatch(/^\s*AVIF\*? +HEIC +r/m);

describe('AVIF read by ImageMagick', () => {
  itJudgedBy('convert', 'gives the same size and a close picture', async () => {
    magickReadsAvif();
    const source = photo(97, 61);
    const dir = mkdtempSync(join(tmpdir(), 'avif-'));
    writeFileSync(join(dir, 'a.avif'), await encode(source, 'avif', { quality: 60 }));
    execFileSync(magick, [join(dir, 'a.avif'), '-depth', '8', `RGBA:${join(dir, 'a.rgba')}`]);
    const data = new Uint8ClampedArray(readFileSync(join(dir, 'a.rgba')));
    expect(data.length).toBe(97 * 61 * 4);
    expect(meanError({ width: 97, height: 61, data }, source)).toBeLessThan(4);
  });

  itJudgedBy('convert', 'turns a rotated AVIF the same way as the codec layer', async () => {
    magickReadsAvif();
    const dir = mkdtempSync(join(tmpdir(), 'avif-'));
    const turned = withRotation(await encode(quadrants(40, 30), 'avif', { lossless: true }), 1);
    writeFileSync(join(dir, 't.avif'), turned);
    execFileSync(magick, [join(dir, 't.avif'), '-depth', '8', `RGBA:${join(dir, 't.rgba')}`]);
    const theirs = new Uint8ClampedArray(readFileSync(join(dir, 't.rgba')));
    const ours = (await decode('t.avif', turned)).frames[0];
    expect([ours.width, ours.height]).toEqual([30, 40]);
    expect(theirs.length).toBe(ours.data.length);
    // Without its colour property the two readers convert YUV to RGB a little differently; a wrong turn would differ by far more.
    expect(meanError({ width: 30, height: 40, data: theirs }, ours)).toBeLessThan(8);
    const wrongTurn = (await decode('t.avif', withRotation(await encode(quadrants(40, 30), 'avif', { lossless: true }), 3))).frames[0];
    expect(meanError({ width: 30, height: 40, data: theirs }, wrongTurn)).toBeGreaterThan(60);
  });
});

// ffmpeg (with libjxl) is an independent JPEG XL reader; Debian 12's has libjxl.
const ffmpeg = judgeCommand('ffmpeg');
const ffmpegReadsJxl = () =>
  expect(execFileSync(ffmpeg, ['-hide_banner', '-decoders'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), `${ffmpeg} -decoders: libjxl`).toMatch(/\blibjxl\b/);

describe('JPEG XL read by ffmpeg', () => {
  itJudgedBy('ffmpeg', 'gives the same size and a close picture, lossy and lossless', async () => {
    ffmpegReadsJxl();
    const source = photo(97, 61);
    const dir = mkdtempSync(join(tmpdir(), 'jxl-'));
    for (const [name, settings, bound] of [['lossy', { quality: 75 }, 4], ['lossless', { lossless: true }, 1]] as const) {
      writeFileSync(join(dir, `${name}.jxl`), await encode(source, 'jxl', settings));
      execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', join(dir, `${name}.jxl`), '-f', 'rawvideo', '-pix_fmt', 'rgba', join(dir, `${name}.rgba`)]);
      const data = new Uint8ClampedArray(readFileSync(join(dir, `${name}.rgba`)));
      expect(data.length, name).toBe(97 * 61 * 4);
      expect(meanError({ width: 97, height: 61, data }, source), name).toBeLessThan(bound);
    }
  });
});
