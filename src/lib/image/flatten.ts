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

/** A copy of the image with every pixel made opaque by blending it over the background colour. */
export function flatten(image: RasterImage, background?: string): RasterImage {
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
