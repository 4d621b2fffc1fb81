/**
 * Small images of every input format the image converters read, made with
 * libraries independent of the site's codec layer (so they also load in the
 * Playwright runner): @napi-rs/canvas for PNG, JPEG and WebP, gifenc, utif2
 * and ag-psd. AVIF, JPEG XL and HEIC are small files kept in tests/fixtures/.
 */
import { createCanvas } from '@napi-rs/canvas';
import { initializeCanvas, writePsdUint8Array } from 'ag-psd';
import * as gifencModule from 'gifenc';
import * as UTIFModule from 'utif2';
import { encode as encodeEps } from '../../src/lib/image/codecs/eps';
import { FIXTURE_AVIF, FIXTURE_JXL } from '../fixtures/avif-jxl';
import { FIXTURE_HEIC } from '../fixtures/heic';
import type { RasterImage } from '../../src/lib/image/types';

type Gifenc = typeof import('gifenc');
const gifenc: Gifenc =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : (gifencModule as unknown as { default: Gifenc }).default;

const UTIF: typeof UTIFModule =
  typeof UTIFModule.encodeImage === 'function' ? UTIFModule : (UTIFModule as unknown as { default: typeof UTIFModule }).default;

export const FIXTURE_WIDTH = 24;
export const FIXTURE_HEIGHT = 16;

/** RGBA of a 24 x 16 picture: left half red, right half blue. */
export function fixturePixels(): Uint8ClampedArray {
  const data = new Uint8ClampedArray(FIXTURE_WIDTH * FIXTURE_HEIGHT * 4);
  for (let i = 0; i < FIXTURE_WIDTH * FIXTURE_HEIGHT; i++) {
    data.set((i % FIXTURE_WIDTH) < FIXTURE_WIDTH / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  }
  return data;
}

function canvasImage(format: 'png' | 'jpeg' | 'webp'): Uint8Array {
  const canvas = createCanvas(FIXTURE_WIDTH, FIXTURE_HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, FIXTURE_WIDTH / 2, FIXTURE_HEIGHT);
  g.fillStyle = '#0000ff';
  g.fillRect(FIXTURE_WIDTH / 2, 0, FIXTURE_WIDTH / 2, FIXTURE_HEIGHT);
  if (format === 'png') return new Uint8Array(canvas.encodeSync('png'));
  if (format === 'jpeg') return new Uint8Array(canvas.encodeSync('jpeg', 95));
  return new Uint8Array(canvas.encodeSync('webp', 100));
}

/** A two-frame animated GIF: red, then blue. */
function gif(): Uint8Array {
  const encoder = gifenc.GIFEncoder();
  for (const colour of [[255, 0, 0], [0, 0, 255]]) {
    const palette = [colour, [0, 0, 0]];
    encoder.writeFrame(new Uint8Array(FIXTURE_WIDTH * FIXTURE_HEIGHT), FIXTURE_WIDTH, FIXTURE_HEIGHT, { palette, delay: 200 });
  }
  encoder.finish();
  return encoder.bytes();
}

function tiff(): Uint8Array {
  return new Uint8Array(UTIF.encodeImage(new Uint8Array(fixturePixels().buffer), FIXTURE_WIDTH, FIXTURE_HEIGHT));
}

function psd(): Uint8Array {
  initializeCanvas(() => {
    throw new Error('No canvas needed');
  }, (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData);
  const imageData = { width: FIXTURE_WIDTH, height: FIXTURE_HEIGHT, data: fixturePixels() };
  return writePsdUint8Array({ width: FIXTURE_WIDTH, height: FIXTURE_HEIGHT, imageData }, { generateThumbnail: false });
}

/** A small file of the given MIME type, with its extension; null for a type no converter reads. */
export function fixtureFor(mime: string): { bytes: Uint8Array; ext: string } | null {
  switch (mime) {
    case 'image/png':
      return { bytes: canvasImage('png'), ext: 'png' };
    case 'image/jpeg':
      return { bytes: canvasImage('jpeg'), ext: 'jpg' };
    case 'image/webp':
      return { bytes: canvasImage('webp'), ext: 'webp' };
    case 'image/gif':
      return { bytes: gif(), ext: 'gif' };
    case 'image/tiff':
      return { bytes: tiff(), ext: 'tiff' };
    case 'image/vnd.adobe.photoshop':
      return { bytes: psd(), ext: 'psd' };
    case 'application/postscript':
      // The site's own EPS writer: one point per pixel, so 72 dpi gives the fixture's size.
      return { bytes: encodeEps({ width: FIXTURE_WIDTH, height: FIXTURE_HEIGHT, data: fixturePixels() }), ext: 'eps' };
    case 'image/avif':
      return { bytes: FIXTURE_AVIF.slice(), ext: 'avif' };
    case 'image/jxl':
      return { bytes: FIXTURE_JXL.slice(), ext: 'jxl' };
    case 'image/heic':
      return { bytes: FIXTURE_HEIC.slice(), ext: 'heic' };
    default:
      return null;
  }
}

/** A smooth photo-like picture with texture (and a half-transparent corner when asked), where encoder quality shows. */
export function texturedPhoto(w: number, h: number, alpha = false): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data[i] = (x * 255) / w;
      data[i + 1] = (y * 255) / h;
      data[i + 2] = 128 + 60 * Math.sin(x / 3) * Math.cos(y / 4);
      data[i + 3] = alpha && x < w / 4 && y < h / 4 ? 128 : 255;
    }
  }
  return { width: w, height: h, data };
}
