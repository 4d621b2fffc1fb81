/** Checks for the Add Text tests: a black picture to write on, and where the white text landed. */
import { PNG } from 'pngjs';
import { decodeRgba } from '../setup/offscreen-canvas';

/** An opaque black PNG. */
export function blackPngBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 0, 0, 255], i);
  return new Uint8Array(PNG.sync.write(png));
}

/** The centre of the pixels whose red is above 200 (the white text), and how many there are. */
export function inkCentre(bytes: Uint8Array): { x: number; y: number; n: number } {
  const im = decodeRgba(bytes);
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < im.height; y++)
    for (let x = 0; x < im.width; x++)
      if (im.data[(y * im.width + x) * 4] > 200) {
        sx += x;
        sy += y;
        n++;
      }
  return { x: sx / n, y: sy / n, n };
}
