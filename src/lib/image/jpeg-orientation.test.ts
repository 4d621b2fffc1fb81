import { describe, expect, it } from 'vitest';
import { orientedMatrix, readJpegOrientation } from './jpeg-orientation';
import { twoToneJpeg, withExifOrientation } from '../../../tests/fixtures/pdf-build/images';

/** Where the stored image's corner (s, t), t downwards, lands for each orientation, in upright (p, q) coordinates. */
const expectedCorner: Record<number, (s: number, t: number) => [number, number]> = {
  1: (s, t) => [s, t],
  2: (s, t) => [1 - s, t],
  3: (s, t) => [1 - s, 1 - t],
  4: (s, t) => [s, 1 - t],
  5: (s, t) => [t, s],
  6: (s, t) => [1 - t, s],
  7: (s, t) => [1 - t, 1 - s],
  8: (s, t) => [t, 1 - s],
};

describe('jpeg orientation', () => {
  it('reads the EXIF orientation tag, defaulting to 1', () => {
    const jpeg = twoToneJpeg(8, 8);
    expect(readJpegOrientation(jpeg)).toBe(1);
    for (let o = 1; o <= 8; o++) expect(readJpegOrientation(withExifOrientation(jpeg, o))).toBe(o);
    expect(readJpegOrientation(new Uint8Array([1, 2, 3]))).toBe(1);
  });

  it('maps each stored corner to its upright place in the box', () => {
    const [x, y, w, h] = [10, 20, 100, 50];
    for (let o = 1; o <= 8; o++) {
      const [a, b, c, d, e, f] = orientedMatrix(o, x, y, w, h);
      for (const [s, t] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        // Image space: u = s, v = 1 - t.
        const [u, v] = [s, 1 - t];
        const X = a * u + c * v + e;
        const Y = b * u + d * v + f;
        const [p, q] = expectedCorner[o](s, t);
        expect([X, Y]).toEqual([x + p * w, y + (1 - q) * h]);
      }
    }
  });
});
