import { describe, expect, it } from 'vitest';
import { rasterToPgm, whitenPaper } from './pgm';
import { ocrPagesNotice, ocrParagraphs, pageList } from './scanned';

/** A grey page: paper at 240 with noise in 230..250, and a block of ink at 30. */
function noisyPage(): Uint8Array {
  const grey = new Uint8Array(100 * 100);
  for (let i = 0; i < grey.length; i++) grey[i] = 230 + ((i * 7919) % 21);
  for (let y = 40; y < 45; y++) for (let x = 10; x < 60; x++) grey[y * 100 + x] = 30;
  return grey;
}

describe('rasterToPgm', () => {
  it('writes a binary PGM of the luma, transparent pixels laid over white', () => {
    const data = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128]);
    const pgm = rasterToPgm({ width: 3, height: 1, data });
    const header = 'P5\n3 1\n255\n';
    expect(new TextDecoder().decode(pgm.subarray(0, header.length))).toBe(header);
    expect([...pgm.subarray(header.length)]).toEqual([76, 255, 127]);
  });
});

describe('whitenPaper', () => {
  it('turns the paper and its grain white and keeps the ink', () => {
    const grey = noisyPage();
    whitenPaper(grey);
    expect(grey[0]).toBe(255);
    expect(new Set(grey)).toEqual(new Set([255, 30]));
    expect(grey.filter((g) => g === 30)).toHaveLength(250);
  });

  it('leaves a dark page (light text on black) and a clean white page alone', () => {
    const dark = noisyPage().map((g) => 255 - g);
    const before = dark.slice();
    whitenPaper(dark);
    expect(dark).toEqual(before);
    const clean = new Uint8Array(100).fill(255);
    clean[5] = 200;
    whitenPaper(clean);
    expect(clean[5]).toBe(200);
  });
});

describe('scanned-page helpers', () => {
  it('lists pages with runs shortened', () => {
    expect(pageList([3])).toBe('3');
    expect(pageList([3, 1])).toBe('1 and 3');
    expect(pageList([1, 2, 3, 4, 6, 9])).toBe('1-4, 6 and 9');
    expect(pageList([1, 2, 5])).toBe('1, 2 and 5');
  });

  it('words the notice for one page, some pages and every page', () => {
    const tail = 'read from the scan with OCR (text recognition). Please check names and figures.';
    expect(ocrPagesNotice([1], 1)).toBe(`The page has no text layer (it is a scan), so its text was ${tail}`);
    expect(ocrPagesNotice([2], 3)).toBe(`Page 2 has no text layer (it is a scan), so its text was ${tail}`);
    expect(ocrPagesNotice([2, 3, 4], 5)).toBe(`Pages 2-4 have no text layer (they are scans), so their text was ${tail}`);
    expect(ocrPagesNotice([1, 2], 2)).toBe(`No page has a text layer (this PDF is a scan), so the text of every page was ${tail}`);
  });

  it('groups recognised lines back into paragraphs, leaving out empty lines', () => {
    const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const line = (text: string, paragraph: number) => ({ text, paragraph, bbox: box, baseline: box, words: [] });
    expect(ocrParagraphs([line('Title', 0), line('First line', 1), line('', 1), line('second line', 1), line('Next', 2)])).toEqual([
      ['Title'],
      ['First line', 'second line'],
      ['Next'],
    ]);
  });
});
