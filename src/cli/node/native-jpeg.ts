/**
 * The command line's JPEG encoder: MozJPEG natively, through sharp (libvips),
 * about twice as fast as the same MozJPEG in WebAssembly. It is used only
 * where it writes the site's bytes exactly:
 * - at qualities 70 to 79. Below 70 the site's MozJPEG writes 16-bit
 *   quantisation tables where libvips clamps them to 8 bits, and from 80 it
 *   subsamples colour 4:2:2, which libvips cannot ask for; there the
 *   WebAssembly encoder runs as on the site;
 * - when sharp is installed (an optional package), and each worker thread's
 *   first check, encoding probe pictures both ways, finds every byte equal
 *   (another sharp build or MozJPEG would fail it).
 * JPEG decoding goes through libvips too where its pixels are the site's: plain
 * YCbCr files without a colour profile (plainYcbcrJpeg), proved the same way.
 * FILEDESK_NATIVE=0 turns both off.
 */
import {
  decode as wasmDecode,
  encode as wasmEncode,
  useNativeJpegDecoder,
  useNativeJpegEncoder,
  type NativeJpegDecoder,
  type NativeJpegEncoder,
} from '../../lib/image/codecs/jpeg';
import type { RasterImage } from '../../lib/image/types';
import { isStartOfFrame, jpegSegments } from '../../lib/image/header';
import { asMozjpegLayout } from './mozjpeg-markers';

type Sharp = typeof import('sharp').default;

/** The settings of @jsquash/jpeg's defaults (progressive, optimised Huffman codes, trellis, table 3, 4:2:0) in sharp's words. */
function sharpOptions(quality: number) {
  return { quality, mozjpeg: true, chromaSubsampling: '4:2:0' } as const;
}

async function loadSharp(): Promise<Sharp | undefined> {
  try {
    // A name in a variable: sharp is an optional native package, never bundled.
    const name = 'sharp';
    const loaded = (await import(/* @vite-ignore */ name)) as { default: Sharp };
    const sharp = loaded.default;
    // One file per worker thread already uses every core (--jobs); libvips' own threads would compete.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  } catch {
    return undefined;
  }
}

/** The qualities at which libvips' MozJPEG is set up as the site's (8-bit tables, 4:2:0). */
export const NATIVE_QUALITIES = { from: 70, to: 79 } as const;

export function nativeEncoder(sharp: Sharp): NativeJpegEncoder {
  const accepts = (quality: number) => quality >= NATIVE_QUALITIES.from && quality <= NATIVE_QUALITIES.to;
  const encode = async (image: RasterImage, quality: number) => {
    const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const jpeg = await sharp(pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
      .removeAlpha()
      .jpeg(sharpOptions(quality))
      .toBuffer();
    const laidOut = asMozjpegLayout(new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
    if (!laidOut) throw new Error('The native JPEG encoder wrote an unexpected header.');
    return laidOut;
  };
  return { accepts, encode };
}

/**
 * True for the JPEGs whose pixels libvips decodes exactly as the site's
 * MozJPEG does: three 8-bit components (YCbCr), no colour profile (sharp would
 * convert through it) and no Adobe marker (which can mean RGB or CMYK samples).
 * Everything else is left to the WebAssembly decoder.
 */
export function plainYcbcrJpeg(jpeg: Uint8Array): boolean {
  const text = (from: number, length: number) => String.fromCharCode(...jpeg.subarray(from, from + length));
  for (const { marker, start } of jpegSegments(jpeg)) {
    if (marker === 0xe2 && text(start, 11) === 'ICC_PROFILE') return false;
    if (marker === 0xee && text(start, 5) === 'Adobe') return false;
    // Baseline, extended or progressive Huffman frames: 8-bit samples, three components.
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) return jpeg[start] === 8 && jpeg[start + 5] === 3;
    if (isStartOfFrame(marker)) return false;
  }
  return false;
}

/** Decodes through libvips: the stored pixels, not turned by EXIF (decode.ts does that), as RGBA; null for a file it leaves to WebAssembly. */
export function nativeDecoder(sharp: Sharp): NativeJpegDecoder {
  return async (bytes: Uint8Array) => {
    if (!plainYcbcrJpeg(bytes)) return null;
    try {
      const { data, info } = await sharp(bytes, { ignoreIcc: true, failOn: 'warning' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 4) return null;
      return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
    } catch {
      // A damaged file: the WebAssembly decoder says what it can read, as on the site.
      return null;
    }
  };
}

/** True when libvips decodes every probe JPEG (baseline and progressive) to the WebAssembly decoder's pixels. */
export async function decodesSamePixels(decoder: NativeJpegDecoder): Promise<boolean> {
  useNativeJpegDecoder(undefined);
  useNativeJpegEncoder(undefined);
  try {
    for (const picture of probePictures())
      for (const baseline of [false, true]) {
        const jpeg = await wasmEncode(picture, 75, { baseline });
        const [wasm, native] = await Promise.all([wasmDecode(jpeg), decoder(jpeg)]);
        if (!native || native.width !== wasm.width || native.height !== wasm.height) return false;
        if (!wasm.data.every((value, i) => value === native.data[i])) return false;
      }
    return true;
  } catch {
    return false;
  }
}

/** Pictures that exercise what a photo does: noise, edges, gradients, odd sizes, grey, flat. */
export function probePictures(): RasterImage[] {
  const make = (width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): RasterImage => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const [r, g, b] = pixel(x, y);
        data.set([r, g, b, 255], (y * width + x) * 4);
      }
    return { width, height, data };
  };
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
  return [
    make(97, 61, (x, y) => [(x * 3 + noise() / 4) & 255, (y * 4) & 255, ((x ^ y) * 5) & 255]),
    make(64, 64, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [250, 250, 250] : [12, 40, 200])),
    make(33, 47, (x, y) => {
      const v = (x * 7 + y * 5 + noise() / 8) & 255;
      return [v, v, v];
    }),
  ];
}

const PROBE_QUALITIES = [NATIVE_QUALITIES.from, 75, NATIVE_QUALITIES.to];

/** True when sharp writes exactly the WebAssembly encoder's bytes for every probe. */
export async function writesSameBytes(encoder: NativeJpegEncoder): Promise<boolean> {
  useNativeJpegEncoder(undefined);
  try {
    for (const picture of probePictures())
      for (const quality of PROBE_QUALITIES) {
        const [wasm, native] = await Promise.all([wasmEncode(picture, quality), encoder.encode(picture, quality)]);
        if (wasm.byteLength !== native.byteLength || !wasm.every((byte, i) => byte === native[i])) return false;
      }
    return true;
  } catch {
    return false;
  }
}

/** Installs the native encoder and decoder in this thread, each only when sharp is there and it proves equal; says whether the encoder was. */
export async function installNativeJpeg(): Promise<boolean> {
  if (process.env.FILEDESK_NATIVE === '0') return false;
  const sharp = await loadSharp();
  if (!sharp) return false;
  const decoder = nativeDecoder(sharp);
  const decodes = await decodesSamePixels(decoder);
  const encoder = nativeEncoder(sharp);
  const encodes = await writesSameBytes(encoder);
  if (decodes) useNativeJpegDecoder(decoder);
  if (encodes) useNativeJpegEncoder(encoder);
  return encodes;
}
