/**
 * A raster as a binary greyscale PGM (P5) file, the form the OCR engine is
 * handed pictures in. The engine reads PGM natively and works in grey
 * anyway; writing one is a single pass over the pixels, where encoding a
 * full-page PNG of a noisy scan took several seconds. Transparent pixels are
 * laid over white, as a page would show them.
 */
import type { RasterImage } from '../image/types';

export interface PgmOptions {
  /** Turn the paper of a scan clean white (see whitenPaper). */
  whitenPaper?: boolean;
}

export function rasterToPgm(image: RasterImage, options: PgmOptions = {}): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.width * image.height);
  out.set(header);
  const grey = out.subarray(header.length);
  const { data } = image;
  for (let i = 0, o = 0; i < data.length; i += 4, o++) {
    // ITU-R BT.601 luma in integer steps (77 + 150 + 29 = 256).
    const luma = (data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8;
    const alpha = data[i + 3]!;
    grey[o] = alpha === 255 ? luma : (luma * alpha + 255 * (255 - alpha) + 127) / 255;
  }
  if (options.whitenPaper) whitenPaper(grey);
  return out;
}

/**
 * Sets the paper of a scan, and its grain, to pure white. The engine picks
 * one global threshold (Otsu); on a page with only a few lines of text, the
 * paper's own noise has more variance than the text against the paper, so
 * the threshold falls inside the noise and thousands of specks are read as
 * characters, slowly. Most of a page is paper, so its median is the paper's
 * shade, and the distance to the upper quartile measures the grain (as a
 * normal spread: 0.674 sigma). Anything lighter than five sigma below the
 * paper is paper. Never past mid-grey, so ink is never touched; a page whose
 * median is dark (light text on a dark ground) or already white is left alone.
 */
export function whitenPaper(grey: Uint8Array): void {
  const histogram = new Uint32Array(256);
  for (const g of grey) histogram[g]!++;
  const percentile = (share: number) => {
    let seen = 0;
    for (let g = 0; g < 256; g++) if ((seen += histogram[g]!) >= share * grey.length) return g;
    return 255;
  };
  const paper = percentile(0.5);
  if (paper < 128 || paper === 255) return;
  const sigma = Math.max(1, (percentile(0.75) - paper) / 0.674);
  const threshold = Math.max(128, paper - 5 * sigma);
  for (let i = 0; i < grey.length; i++) if (grey[i]! >= threshold) grey[i] = 255;
}
