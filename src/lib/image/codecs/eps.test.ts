import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzlibSync } from 'fflate';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { itJudgedBy, judgeCommand } from '../../../../tests/support/judges';
import { encode } from './eps';

/** 7 x 5: red left half, blue right half, the bottom row transparent. */
function picture() {
  const width = 7;
  const height = 5;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(y === 4 ? [0, 0, 0, 0] : x < 3 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * width + x) * 4);
  return { width, height, data };
}

describe('EPS output', () => {
  it('is an EPSF-3.0 file whose bounding box is the picture and whose image data is its pixels on white', () => {
    const text = new TextDecoder().decode(encode(picture()));
    const lines = text.split('\n');
    expect(lines[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    expect(lines).toContain('%%BoundingBox: 0 0 7 5');
    expect(lines.every((line) => line.length < 255)).toBe(true);
    const start = lines.findIndex((line) => line.endsWith('>> image')) + 1;
    const end = lines.indexOf('>', start);
    const hex = lines.slice(start, end).join('');
    const packed = new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
    const rgb = unzlibSync(packed);
    expect(rgb.length).toBe(7 * 5 * 3);
    expect([...rgb.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...rgb.subarray(6 * 3, 6 * 3 + 3)]).toEqual([0, 0, 255]);
    // The transparent row is white.
    expect([...rgb.subarray(4 * 7 * 3, 4 * 7 * 3 + 3)]).toEqual([255, 255, 255]);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  itJudgedBy('gs', 'renders in Ghostscript as the same picture', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eps-'));
    writeFileSync(join(dir, 'in.eps'), encode(picture()));
    execFileSync(judgeCommand('gs'), ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-sDEVICE=png16m', '-r72', `-sOutputFile=${join(dir, 'out.png')}`, join(dir, 'in.eps')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'out.png')));
    expect([png.width, png.height]).toEqual([7, 5]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 7 + x) * 4, (y * 7 + x) * 4 + 3)];
    expect(at(1, 1)).toEqual([255, 0, 0]);
    expect(at(5, 1)).toEqual([0, 0, 255]);
    expect(at(3, 4)).toEqual([255, 255, 255]);
  });
});
