/**
 * Making transparent pixels opaque over a background colour, for the formats
 * that have no alpha (JPEG, EPS, JPEG-compressed TIFF) and for video frames.
 */
import type { RasterImage } from './types';

/** Parses #rgb or #rrggbb (the # optional); white for anything else. */
function backgroundRgb(colour: string | undefined): [number, number, number] {
  const hex = (colour ?? '').trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return [255, 255, 255];
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function isOpaque(data: Uint8ClampedArray): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

/**
 * The image with every pixel made opaque by blending it over the background
 * colour: a copy, or the image itself when it is opaque already (every photo),
 * since blending would change nothing.
 */
export function flatten(image: RasterImage, background?: string): RasterImage {
  if (isOpaque(image.data)) return image;
  const [r, g, b] = backgroundRgb(background);
  const src = image.data;
  const out = new Uint8ClampedArray(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3];
    const k = 255 - a;
    out[i] = (src[i] * a + r * k + 127) / 255;
    out[i + 1] = (src[i + 1] * a + g * k + 127) / 255;
    out[i + 2] = (src[i + 2] * a + b * k + 127) / 255;
    out[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data: out };
}
