/** Turning decoded pixels upright by an EXIF orientation (1..8), as viewers show them. */
import type { RasterImage } from './types';

/** The size of the upright picture: an orientation of 5 to 8 turns it a quarter, swapping the sides. */
export function uprightSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/** A new image with the orientation applied; the same image for orientation 1 or an unknown value. */
export function applyOrientation(image: RasterImage, orientation: number): RasterImage {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const { width: outW, height: outH } = uprightSize(w, h, orientation);
  const out = new Uint32Array(outW * outH);
  const src = new Uint32Array(data.buffer, data.byteOffset, w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // (u, v): where stored pixel (x, y) lands in the upright picture (EXIF 2.3, tag 0x0112).
      let u: number;
      let v: number;
      switch (orientation) {
        case 2: u = w - 1 - x; v = y; break;
        case 3: u = w - 1 - x; v = h - 1 - y; break;
        case 4: u = x; v = h - 1 - y; break;
        case 5: u = y; v = x; break;
        case 6: u = h - 1 - y; v = x; break;
        case 7: u = h - 1 - y; v = w - 1 - x; break;
        default: u = y; v = w - 1 - x; break; // 8
      }
      out[v * outW + u] = src[y * w + x];
    }
  }
  return { width: outW, height: outH, data: new Uint8ClampedArray(out.buffer) };
}
