import { describe, expect, it } from 'vitest';
import { undoPngPredictor } from './compress-images';

describe('undoPngPredictor', () => {
  it('reverses None, Sub, Up, Average and Paeth rows', () => {
    // Two gray columns, five rows, one per filter type; each row encodes the pixels [10, 30] under [10, 30].
    const rows = [
      [0, 10, 30],
      [1, 10, 20],
      [2, 0, 0],
      [3, 10 - 5, 30 - ((10 + 30) >> 1)],
      [4, 0, 0],
    ];
    const out = undoPngPredictor(new Uint8Array(rows.flat()), 2, 1, 5);
    expect(Array.from(out!)).toEqual([10, 30, 10, 30, 10, 30, 10, 30, 10, 30]);
  });

  it('rejects unknown filter types and short data', () => {
    expect(undoPngPredictor(new Uint8Array([9, 1, 2]), 2, 1, 1)).toBeNull();
    expect(undoPngPredictor(new Uint8Array([0, 1]), 2, 1, 1)).toBeNull();
  });
});
