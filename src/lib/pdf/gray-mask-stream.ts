/**
 * An 8-bit soft mask as a Flate image stream with PNG row predictors: masks
 * are mostly flat areas and smooth ramps, which the Sub or Up predictor
 * turns into runs of equal bytes. Each row takes the predictor whose output
 * is smallest by the usual PNG measure (sum of absolute signed values).
 */
import type { PDFContext, PDFRawStream } from 'pdf-lib';

const PNG_NONE = 0;
const PNG_SUB = 1;
const PNG_UP = 2;

function cost(row: Uint8Array): number {
  let sum = 0;
  for (const value of row) sum += value < 128 ? value : 256 - value;
  return sum;
}

export function grayMaskStream(context: PDFContext, samples: Uint8Array, width: number, height: number): PDFRawStream {
  const predicted = new Uint8Array(height * (width + 1));
  const candidates = [PNG_NONE, PNG_SUB, PNG_UP].map(() => new Uint8Array(width));
  for (let y = 0; y < height; y++) {
    const src = y * width;
    for (let x = 0; x < width; x++) {
      const value = samples[src + x];
      candidates[PNG_NONE][x] = value;
      candidates[PNG_SUB][x] = (value - (x > 0 ? samples[src + x - 1] : 0)) & 255;
      candidates[PNG_UP][x] = (value - (y > 0 ? samples[src - width + x] : 0)) & 255;
    }
    let best = PNG_NONE;
    for (const type of [PNG_SUB, PNG_UP]) if (cost(candidates[type]) < cost(candidates[best])) best = type;
    predicted[y * (width + 1)] = best;
    predicted.set(candidates[best], y * (width + 1) + 1);
  }
  return context.flateStream(predicted, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: width },
  });
}
