import '../../tests/setup/offscreen-canvas';
import { describe, expect, it } from 'vitest';
import { ctx, encryptedPdf, pdfInput, qpdfChecks, restrictedPdf } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderPage } from '../../tests/fixtures/pdf-build/render';
import { versionPdf } from '../../tests/fixtures/pdf-build/versions';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { comparePixels, CHANGE_COLOR } from '../lib/pdf/compare-pixels';
import { pairScale, renderPageRaster } from '../lib/pdf/compare-pages';
import { noDifferencesMessage } from '../lib/pdf/compare-report';
import { openPdfjs } from '../lib/pdf/pdfjs';
import compareProcessor, { twoFilesMessage } from './compare-pdfs';

const compare = asWorkerCalls(compareProcessor);
const run = (older: Uint8Array, newer: Uint8Array, names = ['v1.pdf', 'v2.pdf']) =>
  compare([pdfInput(older, names[0]), pdfInput(newer, names[1])], {}, ctx());

/** The report's pages as text, whitespace collapsed. */
async function reportTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pdfPageTexts(bytes)).map((text) => text.replace(/\s+/g, ' '));
}

describe('compare-pdfs', () => {
  it('lists a changed word as removed and added on the page where it changed', async () => {
    const older = await versionPdf();
    const newer = await versionPdf({ edits: { 2: { 1: 'The tenant pays the deposit on day 2 of each month.' } } });
    const [output] = await run(older, newer);
    expect(output!.type).toBe('application/pdf');
    expect(output!.meta).toMatchObject({ pagesChanged: 1, wordsAdded: 1, wordsRemoved: 1 });
    const pages = await reportTexts(output!.bytes);
    expect(pages[0]).toContain('Older version: v1.pdf (3 pages)');
    expect(pages[0]).toContain('Newer version: v2.pdf (3 pages)');
    expect(pages[0]).toMatch(/Pages changed: 1 of 3 \(2\)/);
    const section = pages.slice(1).join('\n');
    expect(section).toContain('Page 2');
    expect(section).not.toMatch(/Page [13]\b/);
    expect(section).toMatch(/Removed: rent\b/);
    expect(section).toMatch(/Added: deposit\b/);
    expect(await qpdfChecks(output!.bytes)).toBe(true);
  });

  it('says there are no differences for identical files, with a notice', async () => {
    const bytes = await versionPdf();
    const [output] = await run(bytes, bytes.slice());
    expect(output!.meta).toMatchObject({ pagesChanged: 0, wordsAdded: 0, wordsRemoved: 0 });
    expect(output!.notice).toBe(noDifferencesMessage());
    const pages = await reportTexts(output!.bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(noDifferencesMessage());
    expect(await qpdfChecks(output!.bytes)).toBe(true);
  });

  it('reports a page only the newer file has as added, and one only the older has as removed', async () => {
    const three = await versionPdf({ pages: 3 });
    const four = await versionPdf({ pages: 4 });
    const [added] = await run(three, four);
    const addedPages = await reportTexts(added!.bytes);
    expect(addedPages[0]).toContain('Pages only in the newer version (added): 4');
    expect(addedPages.slice(1).join('\n')).toMatch(/Page 4 \(only in the newer version\).*Added: Contract section 4/);
    expect(added!.meta).toMatchObject({ pagesChanged: 1, wordsRemoved: 0 });
    const [removed] = await run(four, three);
    const removedPages = await reportTexts(removed!.bytes);
    expect(removedPages[0]).toContain('Pages only in the older version (removed): 4');
    expect(removedPages.slice(1).join('\n')).toMatch(/Removed: Contract section 4/);
  });

  it('highlights the pixels of a changed picture where it changed and nowhere else', async () => {
    const older = await versionPdf();
    const newer = await versionPdf({ boxes: [1] });
    const [output] = await run(older, newer);
    // Same words: the change is visible only.
    expect(output!.meta).toMatchObject({ pagesChanged: 1, wordsAdded: 0, wordsRemoved: 0 });
    expect((await reportTexts(output!.bytes))[1]).toContain('Text: the same words.');
    // The pixel difference of the two first pages covers the box: (400, 600)-(460, 640) pt from the bottom left of an A4 page.
    const [a, b] = await Promise.all([openPdfjs(older, 'a.pdf'), openPdfjs(newer, 'b.pdf')]);
    try {
      const [pa, pb] = await Promise.all([a.doc.getPage(1), b.doc.getPage(1)]);
      const scale = pairScale([pa, pb]);
      const diff = comparePixels(await renderPageRaster(pa, scale), await renderPageRaster(pb, scale));
      const expected = { x: 400 * scale, y: (841.89 - 640) * scale, width: 60 * scale, height: 40 * scale };
      expect(diff.box!.x).toBeCloseTo(expected.x, -1);
      expect(diff.box!.y).toBeCloseTo(expected.y, -1);
      expect(diff.box!.width).toBeCloseTo(expected.width, -1);
      expect(diff.box!.height).toBeCloseTo(expected.height, -1);
      expect(diff.changedPixels).toBeGreaterThan(0.9 * expected.width * expected.height);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
    // The overlay in the report shows the highlight colour.
    const shown = await renderPage(output!.bytes, 1, 1);
    let highlighted = 0;
    for (let y = 0; y < 1; y += 1 / shown.height) {
      for (let x = 0; x < 1; x += 1 / shown.width) {
        const [r, g, bl] = shown.at(x, y);
        if (Math.abs(r - CHANGE_COLOR[0]) < 30 && Math.abs(g - CHANGE_COLOR[1]) < 30 && Math.abs(bl - CHANGE_COLOR[2]) < 30) highlighted++;
      }
    }
    expect(highlighted).toBeGreaterThan(100);
  });

  it('accepts a restrictions-only PDF', async () => {
    const older = await restrictedPdf(await versionPdf());
    const newer = await versionPdf({ edits: { 1: { 0: 'Contract section one' } } });
    const [output] = await run(older, newer);
    expect(output!.meta).toMatchObject({ wordsAdded: 1, wordsRemoved: 1 });
  });

  it('names the file that needs a password, and the damaged one', async () => {
    const good = await versionPdf();
    const locked = await encryptedPdf(good, 'secret');
    await expect(run(good, locked, ['old.pdf', 'locked.pdf'])).rejects.toThrow('The file locked.pdf is password-protected. Unlock it first with Unlock PDF.');
    const damaged = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    // The message says what is wrong with the file; it starts by naming it.
    await expect(run(damaged, good, ['broken.pdf', 'new.pdf'])).rejects.toThrow(/^The file broken\.pdf is damaged/);
  });

  it('asks for two files when given one', async () => {
    await expect(compare([pdfInput(await versionPdf())], {}, ctx())).rejects.toThrow(twoFilesMessage());
  });
});
