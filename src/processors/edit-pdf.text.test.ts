/**
 * Edit PDF's changes to the text already on a page (PDFium): the words, size,
 * colour and place of one text object change, and nothing else on the page
 * does. Judged by pdftotext (what a reader extracts) and by pdf.js renders of
 * the page before and after, compared outside the edited runs' boxes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctx, encryptedPdf, pdfInput } from '../../tests/fixtures/pdf/make';
import { pdfPagePlacements } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderRgba } from '../../tests/fixtures/pdf-build/render';
import { itJudgedBy } from '../../tests/support/judges';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { encryptedMessage } from '../lib/pdf/load';
import { loadPdfium, type Pdfium } from '../lib/pdf/pdfium';
import { readTextRuns, TEXT_GONE_MESSAGE, type PdfBounds, type PdfTextEdit, type TextRun } from '../lib/pdf/pdfium-text';
import editPdfProcessor from './edit-pdf';

const editPdf = asWorkerCalls(editPdfProcessor);
const PAGE: [number, number] = [500, 400];
const SCALE = 2;

let pdfium: Pdfium;
let input: Uint8Array;
let runs: TextRun[];

/** A page with Helvetica (standard, not embedded) and DejaVu Sans (embedded subset) lines, and a filled shape that is not text. */
async function textPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const page = doc.addPage(PAGE);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const dejavu = await doc.embedFont(readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), { subset: true });
  page.drawRectangle({ x: 300, y: 40, width: 150, height: 80, color: rgb(0.1, 0.6, 0.3) });
  page.drawText('Quarterly report draft', { x: 40, y: 340, size: 22, font: helvetica });
  page.drawText('Prepared by the finance team', { x: 40, y: 300, size: 14, font: helvetica, color: rgb(0.2, 0.2, 0.6) });
  page.drawText('Subset line with DejaVu', { x: 40, y: 250, size: 16, font: dejavu });
  page.drawText('Keep this closing line', { x: 40, y: 200, size: 16, font: dejavu });
  return doc.save();
}

const run = (bytes: Uint8Array, textEdits: PdfTextEdit[]) => editPdf([pdfInput(bytes)], { textEdits }, ctx());
const runOf = (text: string) => {
  const found = runs.find((r) => r.text === text);
  if (!found) throw new Error(`no run "${text}" in ${runs.map((r) => r.text).join(' | ')}`);
  return found;
};
const target = (r: TextRun) => ({ page: r.page, index: r.index, was: r.text, bounds: r.bounds });

function pdftotext(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'edit-text-'));
  const file = join(dir, 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/**
 * The number of pixels that differ between two renders outside `boxes`
 * (user space, grown by `margin` points), and inside them.
 */
async function changedPixels(before: Uint8Array, after: Uint8Array, boxes: PdfBounds[], margin = 3) {
  const [a, b] = await Promise.all([renderRgba(before, 0, SCALE), renderRgba(after, 0, SCALE)]);
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  const px = boxes.map(([l, bottom, r, t]) => [(l - margin) * SCALE, (PAGE[1] - t - margin) * SCALE, (r + margin) * SCALE, (PAGE[1] - bottom + margin) * SCALE]);
  let outside = 0;
  let inside = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const differs = Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 24;
      if (!differs) continue;
      if (px.some(([x0, y0, x1, y1]) => x >= x0! && x <= x1! && y >= y0! && y <= y1!)) inside++;
      else outside++;
    }
  }
  return { outside, inside };
}

/** The runs of the output's first page. */
const outRuns = (bytes: Uint8Array) => readTextRuns(pdfium, bytes, [0]);

beforeAll(async () => {
  pdfium = await loadPdfium();
  input = await textPage();
  runs = readTextRuns(pdfium, input, [0]);
});

describe('edit-pdf text edits', () => {
  it('reads each line as a text run with its box, size, colour and font', () => {
    expect(runs.map((r) => r.text)).toEqual(['Quarterly report draft', 'Prepared by the finance team', 'Subset line with DejaVu', 'Keep this closing line']);
    const title = runOf('Quarterly report draft');
    expect(title.fontSize).toBeCloseTo(22, 1);
    expect(title.font).toBe('Helvetica');
    // The box is the glyphs' own: it starts a little right of the pen position.
    expect(Math.abs(title.bounds[0] - 40)).toBeLessThan(2);
    expect(title.box.y).toBeCloseTo((PAGE[1] - title.bounds[3]) / PAGE[1], 3);
    expect(runOf('Prepared by the finance team').color).toBe('#333399');
    expect(runOf('Subset line with DejaVu').font).toMatch(/DejaVuSans/);
  });

  itJudgedBy('pdftotext', 'changes a word in a Helvetica line; the other lines and the shape stay, pixel for pixel', async () => {
    const title = runOf('Quarterly report draft');
    const copy = input.slice();
    const [out] = await run(input, [{ ...target(title), text: 'Quarterly report final' }]);
    expect(input).toEqual(copy);
    const text = pdftotext(out!.bytes);
    expect(text).toContain('Quarterly report final');
    expect(text).not.toContain('draft');
    for (const kept of ['Prepared by the finance team', 'Subset line with DejaVu', 'Keep this closing line']) expect(text).toContain(kept);
    expect(out!.note).toBeUndefined();
    const after = outRuns(out!.bytes).find((r) => r.text === 'Quarterly report final')!;
    expect(after.font).toBe('Helvetica');
    const { outside, inside } = await changedPixels(input, out!.bytes, [title.bounds, after.bounds]);
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(20);
  });

  itJudgedBy('pdftotext', 'deletes a run set in an embedded subset font', async () => {
    const line = runOf('Subset line with DejaVu');
    const [out] = await run(input, [{ ...target(line), delete: true }]);
    const text = pdftotext(out!.bytes);
    expect(text).not.toContain('Subset line');
    expect(text).toContain('Keep this closing line');
    expect(text).toContain('Quarterly report draft');
    const { outside, inside } = await changedPixels(input, out!.bytes, [line.bounds]);
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(20);
  });

  itJudgedBy('pdftotext', 'moves a line, makes it bigger and red; the rest of the page is unchanged', async () => {
    const line = runOf('Prepared by the finance team');
    const [out] = await run(input, [{ ...target(line), fontSize: 20, color: '#ff0000', dx: 0.02, dy: 0.5 }]);
    expect(pdftotext(out!.bytes)).toContain('Prepared by the finance team');
    const after = outRuns(out!.bytes).find((r) => r.text === 'Prepared by the finance team')!;
    expect(after.fontSize).toBeCloseTo(20, 1);
    expect(after.color).toBe('#ff0000');
    // 0.02 of the width right and half the height down (to the free space below the lines).
    expect(Math.abs(after.bounds[0] - line.bounds[0] - 10)).toBeLessThan(1.5);
    expect(after.bounds[1] - line.bounds[1]).toBeLessThan(-195);
    const { outside, inside } = await changedPixels(input, out!.bytes, [line.bounds, after.bounds]);
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(20);
    const rendered = await renderRgba(out!.bytes, 0, SCALE);
    let red = 0;
    const [l, b, r, t] = after.bounds;
    for (let y = Math.ceil((PAGE[1] - t) * SCALE); y < (PAGE[1] - b) * SCALE; y++) {
      for (let x = Math.ceil(l * SCALE); x < r * SCALE; x++) {
        const i = (y * rendered.width + x) * 4;
        if (rendered.data[i]! > 200 && rendered.data[i + 1]! < 80 && rendered.data[i + 2]! < 80) red++;
      }
    }
    expect(red).toBeGreaterThan(50);
  });

  itJudgedBy('pdftotext', 'a typed letter the subset font lacks: a fallback font draws the line, and the note says which', async () => {
    const line = runOf('Keep this closing line');
    // "Z" and "q" are in no line set in the subset font, so its subset has no glyph for them.
    const [out] = await run(input, [{ ...target(line), text: 'Zebra quiz closing line' }]);
    expect(pdftotext(out!.bytes)).toContain('Zebra quiz closing line');
    expect(out!.note).toMatch(/not in the PDF's own font, so Helvetica was used/);
    const after = outRuns(out!.bytes).find((r) => r.text === 'Zebra quiz closing line')!;
    expect(after.font).toBe('Helvetica');
    expect(after.fontSize).toBeCloseTo(16, 1);
    const { outside } = await changedPixels(input, out!.bytes, [line.bounds, after.bounds]);
    expect(outside).toBe(0);
  });

  itJudgedBy('pdftotext', 'Cyrillic typed into a Helvetica line is set in DejaVu Sans', async () => {
    const line = runOf('Prepared by the finance team');
    const [out] = await run(input, [{ ...target(line), text: 'Подготовлено финансами' }]);
    expect(pdftotext(out!.bytes)).toContain('Подготовлено финансами');
    expect(out!.note).toMatch(/DejaVu Sans was used/);
    const after = outRuns(out!.bytes).find((r) => r.text === 'Подготовлено финансами')!;
    expect(after.color).toBe('#333399');
    const { outside } = await changedPixels(input, out!.bytes, [line.bounds, after.bounds]);
    expect(outside).toBe(0);
  });

  it('an edit whose text is not on the page any more (another file) says so', async () => {
    const line = runOf('Keep this closing line');
    await expect(run(input, [{ ...target(line), was: 'A line from another file', text: 'x' }])).rejects.toThrow(TEXT_GONE_MESSAGE('A line from another file', 0));
    await expect(run(input, [{ ...target(line), bounds: [0, 0, 10, 10], text: 'x' }])).rejects.toThrow(/not in this PDF any more/);
    await expect(run(input, [{ ...target(line), page: 3, text: 'x' }])).rejects.toThrow(/this PDF has 1 page\b/);
  });

  it('finds the run when its index moved but its text and box did not', async () => {
    const line = runOf('Keep this closing line');
    const [out] = await run(input, [{ ...target(line), index: 0, text: 'Keep this closing line.' }]);
    expect(outRuns(out!.bytes).map((r) => r.text)).toContain('Keep this closing line.');
  });

  it('on a rotated page, boxes and moves are in the page as shown', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage(PAGE);
    page.setRotation(degrees(90));
    page.drawText('Sideways line', { x: 60, y: 200, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
    const rotated = await doc.save();
    const [line] = readTextRuns(pdfium, rotated, [0]);
    const [shown] = await pdfPagePlacements(rotated);
    const item = shown!.items.find((i) => i.str === 'Sideways line')!;
    // The reader's baseline origin, as fractions of the shown page, is on the run's box (its edge, for a turned line).
    const [fx, fy] = [item.x / shown!.width, item.y / shown!.height];
    expect(fx).toBeGreaterThanOrEqual(line!.box.x - 0.01);
    expect(fx).toBeLessThanOrEqual(line!.box.x + line!.box.width + 0.01);
    expect(fy).toBeGreaterThanOrEqual(line!.box.y - 0.01);
    expect(fy).toBeLessThanOrEqual(line!.box.y + line!.box.height + 0.01);
    const [out] = await run(rotated, [{ ...target(line!), dx: 0.1, dy: 0.05 }]);
    const moved = (await pdfPagePlacements(out!.bytes))[0]!.items.find((i) => i.str === 'Sideways line')!;
    expect((moved.x - item.x) / shown!.width).toBeCloseTo(0.1, 2);
    expect((moved.y - item.y) / shown!.height).toBeCloseTo(0.05, 2);
  });

  it('a locked PDF gets the unlock message', async () => {
    const locked = await encryptedPdf(input, 'secret');
    const line = runOf('Keep this closing line');
    await expect(run(locked, [{ ...target(line), text: 'x' }])).rejects.toThrow(encryptedMessage());
  });

  it('text edits and drawn edits together in one save', async () => {
    const line = runOf('Quarterly report draft');
    const [out] = await editPdf(
      [pdfInput(input)],
      { textEdits: [{ ...target(line), text: 'Annual report draft' }], edits: [{ page: 0, kind: 'rect', x: 0.1, y: 0.8, width: 0.2, height: 0.1, color: '#0000ff', strokeWidth: 2 }] },
      ctx(),
    );
    expect(outRuns(out!.bytes).map((r) => r.text)).toContain('Annual report draft');
    expect(out!.meta?.edits).toBe(2);
  });
});
