/**
 * A small PNG writer for pixels that pdf.js decodes from a PDF's images, so
 * the same code path works in Node (tests, benchmark) and in the worker
 * without loading a WebAssembly codec for what is plain zlib framing.
 */
import { zlibSync } from 'fflate';
import { crc32 } from '../image/png-check';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Encodes 8-bit pixels as a PNG: `channels` 1 (grey), 3 (RGB) or 4 (RGBA),
 * rows top to bottom. Rows use the "up" filter, which suits scanned and
 * drawn pictures alike and costs one subtraction a byte.
 */
export function encodePng(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 1 | 3 | 4): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = y === 0 ? 0 : 2;
    const at = y * stride;
    if (y === 0) raw.set(pixels.subarray(at, at + stride), row + 1);
    else for (let i = 0; i < stride; i++) raw[row + 1 + i] = (pixels[at + i]! - pixels[at - stride + i]!) & 0xff;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = channels === 1 ? 0 : channels === 3 ? 2 : 6;
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level: 6 })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
