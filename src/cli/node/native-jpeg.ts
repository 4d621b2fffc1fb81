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
 * FILEDESK_NATIVE=0 turns it off.
 */
import { encode as wasmEncode, useNativeJpegEncoder, type NativeJpegEncoder } from '../../lib/image/codecs/jpeg';
import type { RasterImage } from '../../lib/image/types';
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

/** Installs the native encoder in this thread when sharp is there and proves equal; says whether it did. */
export async function installNativeJpeg(): Promise<boolean> {
  if (process.env.FILEDESK_NATIVE === '0') return false;
  const sharp = await loadSharp();
  if (!sharp) return false;
  const encoder = nativeEncoder(sharp);
  if (!(await writesSameBytes(encoder))) return false;
  useNativeJpegEncoder(encoder);
  return true;
}
