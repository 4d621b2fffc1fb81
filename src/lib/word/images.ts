/**
 * Pixels of the images a page draws, as image files for the .docx. pdf.js
 * decodes every image while building the operator list and keeps it in the
 * page's object store: raw pixels in Node, an ImageBitmap in a browser
 * worker. Pictures with few colours (charts, logos, line art) become PNG;
 * opaque photographs become JPEG (both through the image codec layer), so a
 * page of photos does not turn into a much larger lossless file.
 */
import type { PDFPageProxy } from '../pdf/pdfjs';
import type { ImagePlacement } from './graphics';
import { encode } from '../image/encode';
import type { RasterImage } from '../image/types';

/** pdf.js's ImageKind values. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** Images with more pixels than this are thinned (every n-th pixel) so one photo cannot exhaust memory. */
const MAX_PIXELS = 6_000_000;

export interface EncodedImage {
  data: Uint8Array;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

/** Photographs smaller than this (pixels) stay PNG: too small for JPEG to matter. */
const JPEG_MIN_PIXELS = 65_536;
/** More distinct colours than this in a sample of the pixels is a photograph. */
const PHOTO_COLOURS = 512;
const JPEG_QUALITY = 90;

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
  bitmap?: ImageBitmap;
}

/** Raw pixels as channels per pixel, 1-bit images expanded (a set bit is white, as pdf.js paints it). */
function pixelsOf(image: DecodedImage): { data: Uint8Array | Uint8ClampedArray; channels: 1 | 3 | 4 } | null {
  const { width, height, kind, data, bitmap } = image;
  if (bitmap && typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    return { data: context.getImageData(0, 0, width, height).data, channels: 4 };
  }
  if (!data) return null;
  if (kind === RGB_24BPP && data.length >= width * height * 3) return { data, channels: 3 };
  if (kind === RGBA_32BPP && data.length >= width * height * 4) return { data, channels: 4 };
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) grey[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    return { data: grey, channels: 1 };
  }
  return null;
}

/** Keeps every `step`-th pixel in both directions. */
function thin(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number, step: number) {
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  const out = new Uint8Array(w * h * channels);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const from = (y * step * width + x * step) * channels;
      out.set(data.subarray(from, from + channels), (y * w + x) * channels);
    }
  return { data: out, width: w, height: h };
}

/** Opaque and with many colours: a photograph, which JPEG stores far smaller than PNG. */
function isPhoto(data: Uint8Array | Uint8ClampedArray, channels: number): boolean {
  if (channels === 1) return false;
  const pixels = data.length / channels;
  const stride = Math.max(1, Math.floor(pixels / 4096));
  const colours = new Set<number>();
  for (let p = 0; p < pixels; p += stride) {
    const at = p * channels;
    if (channels === 4 && data[at + 3]! < 255) return false;
    colours.add((data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!);
  }
  return colours.size > PHOTO_COLOURS;
}

/** The pixels as RGBA, which the codec layer encodes; grey and RGB get an opaque alpha. */
function toRaster(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 1 | 3 | 4): RasterImage {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let p = 0, q = 0; p < rgba.length; p += 4, q += channels) {
    rgba[p] = data[q]!;
    rgba[p + 1] = data[channels === 1 ? q : q + 1]!;
    rgba[p + 2] = data[channels === 1 ? q : q + 2]!;
    rgba[p + 3] = channels === 4 ? data[q + 3]! : 255;
  }
  return { width, height, data: rgba };
}

/** Encodes a decoded pdf.js image for Word; null for image types this does not read. */
export async function encodeImage(image: DecodedImage): Promise<EncodedImage | null> {
  if (!(image.width > 0 && image.height > 0)) return null;
  const pixels = pixelsOf(image);
  if (!pixels) return null;
  let { width, height } = image;
  let data = pixels.data;
  const step = Math.ceil(Math.sqrt((width * height) / MAX_PIXELS));
  if (step > 1) ({ data, width, height } = thin(data, width, height, pixels.channels, step));
  const raster = toRaster(data, width, height, pixels.channels);
  if (width * height >= JPEG_MIN_PIXELS && isPhoto(data, pixels.channels)) {
    return { data: await encode(raster, 'jpg', { quality: JPEG_QUALITY }), type: 'jpg', width, height };
  }
  // Lossless and quick: the document is not the place for a slow PNG optimisation pass.
  return { data: await encode(raster, 'png', { optimise: false }), type: 'png', width, height };
}

/** The decoded image behind a placement (after the page's operator list was built), or null when pdf.js has none. */
function decodedImage(page: PDFPageProxy, placement: ImagePlacement): DecodedImage | null {
  if (placement.inline) return placement.inline as DecodedImage;
  const id = placement.objId;
  if (!id) return null;
  try {
    // Images shared between pages live in the document's common store, under ids starting with "g_".
    const store = id.startsWith('g_') ? page.commonObjs : page.objs;
    return (store.get(id) as DecodedImage | null) ?? null;
  } catch {
    return null;
  }
}

/** Image files for a page's image placements, one per placement (null where the pixels could not be read); each image is encoded once. */
export async function pageImages(page: PDFPageProxy, placements: ImagePlacement[]): Promise<(EncodedImage | null)[]> {
  const cache = new Map<string, EncodedImage | null>();
  const out: (EncodedImage | null)[] = [];
  for (const placement of placements) {
    const key = placement.objId;
    if (key && cache.has(key)) {
      out.push(cache.get(key)!);
      continue;
    }
    const image = decodedImage(page, placement);
    let encoded: EncodedImage | null = null;
    try {
      encoded = image ? await encodeImage(image) : null;
    } catch {
      encoded = null;
    }
    if (key) cache.set(key, encoded);
    out.push(encoded);
  }
  return out;
}
