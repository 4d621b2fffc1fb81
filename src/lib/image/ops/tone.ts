/** Colour and tone edits: luminance-correct black and white with contrast, and pixelation. */
import type { RasterImage } from '../types';

/** sRGB byte to linear light 0..1 (IEC 61966-2-1). */
const TO_LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** Linear light 0..1 to an sRGB byte. */
export function toSrgbByte(linear: number): number {
  const l = Math.min(1, Math.max(0, linear));
  const c = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.round(c * 255);
}

/**
 * The grey an sRGB colour should become: its Rec. 709 relative luminance,
 * computed in linear light (as the coefficients are defined), back in sRGB.
 */
export function rec709Grey(r: number, g: number, b: number): number {
  return toSrgbByte(0.2126 * TO_LINEAR[r] + 0.7152 * TO_LINEAR[g] + 0.0722 * TO_LINEAR[b]);
}

/** Contrast slider 0..100 (50: unchanged) as a gain around mid-grey: 1/3 at 0, 3 at 100. */
export function contrastGain(contrast: number): number {
  return 3 ** ((contrast - 50) / 50);
}

/** Black and white by luminance, then the contrast gain around 128; alpha is kept. */
export function blackAndWhite(src: RasterImage, contrast = 50): RasterImage {
  const gain = contrastGain(contrast);
  // One lookup for the contrast step, so it costs nothing per pixel.
  const curve = Uint8ClampedArray.from({ length: 256 }, (_, v) => Math.round((v - 128) * gain + 128));
  const out = new Uint8ClampedArray(src.data.length);
  const d = src.data;
  for (let i = 0; i < d.length; i += 4) {
    const grey = curve[rec709Grey(d[i], d[i + 1], d[i + 2])];
    out[i] = out[i + 1] = out[i + 2] = grey;
    out[i + 3] = d[i + 3];
  }
  return { width: src.width, height: src.height, data: out };
}

/** Replaces each size x size block (from the top-left corner) by its alpha-weighted average colour. */
export function pixelate(src: RasterImage, size: number): RasterImage {
  const { width, height, data } = src;
  const out = new Uint8ClampedArray(data.length);
  for (let by = 0; by < height; by += size) {
    for (let bx = 0; bx < width; bx += size) {
      const x1 = Math.min(width, bx + size);
      const y1 = Math.min(height, by + size);
      let r = 0, g = 0, b = 0, a = 0;
      for (let y = by; y < y1; y++) {
        for (let x = bx; x < x1; x++) {
          const i = (y * width + x) * 4;
          const w = data[i + 3];
          r += data[i] * w;
          g += data[i + 1] * w;
          b += data[i + 2] * w;
          a += w;
        }
      }
      const count = (x1 - bx) * (y1 - by);
      const colour = a === 0 ? [0, 0, 0, 0] : [r / a, g / a, b / a, a / count];
      for (let y = by; y < y1; y++) for (let x = bx; x < x1; x++) out.set(colour, (y * width + x) * 4);
    }
  }
  return { width, height, data: out };
}
