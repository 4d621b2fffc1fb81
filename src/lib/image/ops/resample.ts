/**
 * High-quality resizing with pica's Lanczos filter (lanczos3) on raw RGBA
 * buffers, so it runs the same in a worker and in Node. Web workers inside
 * pica are turned off: the tool already runs in a worker, and nested
 * workers from blob: URLs are not needed.
 */
import type { RasterImage } from '../types';
import { throwIfAborted } from '../../errors';
import { region } from './raster';

interface PicaInstance {
  resizeBuffer(options: {
    src: Uint8Array;
    width: number;
    height: number;
    toWidth: number;
    toHeight: number;
    filter?: string;
  }): Promise<Uint8Array>;
}

let instance: Promise<PicaInstance> | undefined;

async function pica(): Promise<PicaInstance> {
  instance ??= import('pica').then((module) => {
    const create = (module.default ?? module) as unknown as (options: { features: string[] }) => PicaInstance;
    return create({ features: ['js', 'wasm'] });
  });
  return instance;
}

/**
 * Resizes to width x height. Colours are premultiplied by alpha while
 * filtering, so transparent pixels do not bleed dark fringes into edges.
 */
export async function resize(src: RasterImage, width: number, height: number, signal?: AbortSignal): Promise<RasterImage> {
  if (width === src.width && height === src.height) return { width, height, data: new Uint8ClampedArray(src.data) };
  const premultiplied = new Uint8Array(src.data.length);
  const d = src.data;
  let opaque = true;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3];
    if (a !== 255) opaque = false;
    premultiplied[i] = Math.round((d[i] * a) / 255);
    premultiplied[i + 1] = Math.round((d[i + 1] * a) / 255);
    premultiplied[i + 2] = Math.round((d[i + 2] * a) / 255);
    premultiplied[i + 3] = a;
  }
  if (signal) throwIfAborted(signal);
  const resized = await (await pica()).resizeBuffer({
    src: opaque ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : premultiplied,
    width: src.width,
    height: src.height,
    toWidth: width,
    toHeight: height,
    filter: 'lanczos3',
  });
  const out = new Uint8ClampedArray(resized.buffer, resized.byteOffset, resized.byteLength);
  if (!opaque) {
    for (let i = 0; i < out.length; i += 4) {
      const a = out[i + 3];
      if (a === 0) continue;
      out[i] = (out[i] * 255) / a;
      out[i + 1] = (out[i + 1] * 255) / a;
      out[i + 2] = (out[i + 2] * 255) / a;
    }
  }
  return { width, height, data: out };
}

/** Scales and centre-crops the image so it covers width x height exactly (like CSS object-fit: cover). */
export async function cover(src: RasterImage, width: number, height: number, signal?: AbortSignal): Promise<RasterImage> {
  const scale = Math.max(width / src.width, height / src.height);
  const w = Math.max(width, Math.round(src.width * scale));
  const h = Math.max(height, Math.round(src.height * scale));
  const scaled = await resize(src, w, h, signal);
  const x = Math.floor((w - width) / 2);
  const y = Math.floor((h - height) / 2);
  return region(scaled, x, y, width, height);
}

/** The size that fits inside maxWidth x maxHeight with the image's proportions (at least 1 x 1). */
export function fitInside(src: { width: number; height: number }, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / src.width, maxHeight / src.height);
  return { width: Math.max(1, Math.round(src.width * scale)), height: Math.max(1, Math.round(src.height * scale)) };
}
