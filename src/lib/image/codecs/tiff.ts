/**
 * TIFF: decoding every page with utif2 (LZW, Deflate, PackBits, JPEG, 16-bit,
 * CMYK to RGB); encoding one page per frame with LZW (lossless, alpha kept)
 * or JPEG (lossy, flattened onto white) compression.
 */
import * as utifModule from 'utif2';
import type { IFD } from 'utif2';
import { ToolError } from '../../errors';
import { flatten } from '../flatten';
import { assertDecodable } from '../limits';
import type { DecodedImage, ImageFrame } from '../types';
import { lzwCompress } from './lzw';
import { runText } from '../../i18n/run-messages';

// Bundlers expose the named functions directly; Node's ESM loading of the CommonJS build (Vite's SSR loader in scripts) puts them on `default`.
type Utif = typeof import('utif2');
const UTIF: Utif = typeof utifModule.decode === 'function' ? utifModule : (utifModule as unknown as { default: Utif }).default;

/** A page's size from its tags (ImageWidth 256, ImageLength 257). */
function tagSize(ifd: IFD): { width: number; height: number } {
  const first = (tag: unknown) => Number((tag as ArrayLike<unknown>)[0]) || 0;
  return { width: first(ifd.t256), height: first(ifd.t257) };
}

/**
 * Every page, each checked against the limits from its tags before it is
 * decoded: the header reader may not have followed the same directories as
 * utif2, which allocates for whatever size a page claims.
 */
export function decode(name: string, bytes: Uint8Array): DecodedImage {
  const buffer = bytes.slice().buffer;
  const ifds = UTIF.decode(buffer).filter((ifd) => ifd.t256 !== undefined && ifd.t257 !== undefined);
  let largest = { width: 0, height: 0 };
  for (const ifd of ifds) {
    const size = tagSize(ifd);
    assertDecodable(name, { ...size, frames: 1 });
    if (size.width * size.height > largest.width * largest.height) largest = size;
  }
  assertDecodable(name, { ...largest, frames: ifds.length });
  const frames: ImageFrame[] = [];
  for (const ifd of ifds) {
    UTIF.decodeImage(buffer, ifd);
    if (!ifd.width || !ifd.height || !ifd.data || ifd.data.length === 0) continue;
    const rgba = UTIF.toRGBA8(ifd);
    if (rgba.length !== ifd.width * ifd.height * 4) continue;
    frames.push({ width: ifd.width, height: ifd.height, data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), delayMs: 0 });
  }
  if (frames.length === 0) throw new ToolError(runText('run.image.damaged', { name, format: 'TIFF' }));
  return { format: 'tiff', frames };
}

interface Entry {
  tag: number;
  type: 3 | 4; // SHORT or LONG
  values: number[];
}

/** Writes a little-endian TIFF whose pages each hold one strip of already compressed data. */
function writeTiff(pages: { entries: (stripOffset: number) => Entry[]; strip: Uint8Array }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 8;
  const header = new Uint8Array(8);
  const hv = new DataView(header.buffer);
  header.set([0x49, 0x49, 42, 0]);
  parts.push(header);
  let previousNextPointer = { view: hv, at: 4 };
  for (const page of pages) {
    if (size % 2) {
      parts.push(new Uint8Array(1));
      size++;
    }
    const stripOffset = size;
    parts.push(page.strip);
    size += page.strip.length;
    if (size % 2) {
      parts.push(new Uint8Array(1));
      size++;
    }
    const entries = page.entries(stripOffset).sort((a, b) => a.tag - b.tag);
    const ifdSize = 2 + entries.length * 12 + 4;
    const extra = entries.reduce((sum, e) => sum + (e.values.length * (e.type === 3 ? 2 : 4) > 4 ? e.values.length * (e.type === 3 ? 2 : 4) : 0), 0);
    const block = new Uint8Array(ifdSize + extra);
    const view = new DataView(block.buffer);
    const ifdOffset = size;
    previousNextPointer.view.setUint32(previousNextPointer.at, ifdOffset, true);
    view.setUint16(0, entries.length, true);
    let extraAt = ifdSize;
    entries.forEach((e, i) => {
      const at = 2 + i * 12;
      const unit = e.type === 3 ? 2 : 4;
      view.setUint16(at, e.tag, true);
      view.setUint16(at + 2, e.type, true);
      view.setUint32(at + 4, e.values.length, true);
      const inline = e.values.length * unit <= 4;
      const base = inline ? at + 8 : extraAt;
      e.values.forEach((v, j) => (unit === 2 ? view.setUint16(base + j * 2, v, true) : view.setUint32(base + j * 4, v, true)));
      if (!inline) {
        view.setUint32(at + 8, ifdOffset + extraAt, true);
        extraAt += e.values.length * unit;
      }
    });
    previousNextPointer = { view, at: 2 + entries.length * 12 };
    parts.push(block);
    size += block.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One TIFF page per frame. LZW keeps RGBA exactly; JPEG stores YCbCr as MozJPEG writes it. */
export async function encode(frames: ImageFrame[], compression: 'lzw' | 'jpeg', quality: number): Promise<Uint8Array> {
  const pages = [];
  for (const [index, frame] of frames.entries()) {
    const { width, height } = frame;
    const common = (stripOffset: number, strip: Uint8Array): Entry[] => [
      { tag: 254, type: 4, values: [0] },
      { tag: 256, type: 4, values: [width] },
      { tag: 257, type: 4, values: [height] },
      { tag: 273, type: 4, values: [stripOffset] },
      { tag: 278, type: 4, values: [height] },
      { tag: 279, type: 4, values: [strip.length] },
      { tag: 284, type: 3, values: [1] },
      { tag: 297, type: 3, values: [index, frames.length] },
    ];
    if (compression === 'jpeg') {
      const { encode: encodeJpeg } = await import('./jpeg');
      const strip = await encodeJpeg(flatten(frame), quality, { baseline: true });
      pages.push({
        strip,
        entries: (offset: number): Entry[] => [
          ...common(offset, strip),
          { tag: 258, type: 3, values: [8, 8, 8] },
          { tag: 259, type: 3, values: [7] },
          { tag: 262, type: 3, values: [6] },
          { tag: 277, type: 3, values: [3] },
          { tag: 530, type: 3, values: [2, 1] }, // MozJPEG's chroma subsampling is 2x1
        ],
      });
    } else {
      const strip = lzwCompress(new Uint8Array(frame.data.buffer, frame.data.byteOffset, frame.data.length));
      pages.push({
        strip,
        entries: (offset: number): Entry[] => [
          ...common(offset, strip),
          { tag: 258, type: 3, values: [8, 8, 8, 8] },
          { tag: 259, type: 3, values: [5] },
          { tag: 262, type: 3, values: [2] },
          { tag: 277, type: 3, values: [4] },
          { tag: 338, type: 3, values: [2] },
        ],
      });
    }
  }
  return writeTiff(pages);
}
