import '../../tests/setup/offscreen-canvas';
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFPage } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../contract/types';
import { terminateOcr } from '../lib/ocr/recognize';
import { CJK_FONT, SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../../tests/fixtures/scanned-pdf';
import { encryptedMessage } from '../lib/pdf/load';
import { openPdfjs, pageTextItems, textOperations } from '../lib/pdf/pdfjs';
import ocrPdf, { alreadySearchableMessage, nothingReadMessage, ocrPdfNotice } from './ocr-pdf';

afterAll(() => terminateOcr());

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}

const pdfInput = (bytes: Uint8Array, name = 'scan.pdf') => [{ name, type: 'application/pdf', bytes }];

/** Each page's text items as pdf.js reads them: text and where its baseline starts. */
async function pdfjsPages(bytes: Uint8Array) {
  const pdf = await openPdfjs(bytes, 'out.pdf');
  try {
    const pages = [];
    for (let n = 1; n <= pdf.doc.numPages; n++) {
      const page = await pdf.doc.getPage(n);
      const items = await pageTextItems(page);
      pages.push({ items, text: items.map((i) => i.str + (i.hasEOL ? '\n' : '')).join(''), ops: await textOperations(page) });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The raw bytes of every image XObject drawn on a page. */
function pageImages(page: PDFPage): Uint8Array[] {
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
  if (!xobjects || !('entries' in xobjects)) return [];
  return (xobjects as { entries(): [PDFName, unknown][] }).entries().flatMap(([, ref]) => {
    const stream = page.doc.context.lookup(ref as never);
    return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') ? [stream.contents] : [];
  });
}

/** A two-page PDF: page 1 a scan of SAMPLE_TEXT, page 2 ordinary text. */
async function mixedPdf(): Promise<{ bytes: Uint8Array; jpeg: Uint8Array }> {
  const scan = await scannedPdf([SAMPLE_TEXT]);
  const doc = await PDFDocument.load(scan.bytes);
  doc.addPage([595, 842]).drawText('Typed appendix page', { x: 72, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return { bytes: await doc.save(), jpeg: scan.jpegs[0]! };
}

describe('ocr-pdf', () => {
  it('adds an invisible, searchable text layer to the scanned page and leaves the typed page and the scan image alone', async () => {
    const { bytes, jpeg } = await mixedPdf();
    const original = bytes.slice();
    const progress: [number, number][] = [];
    const [out] = await ocrPdf.run(pdfInput(bytes), { language: 'eng' }, context(progress));
    expect(bytes).toEqual(original);
    expect(out!.type).toBe('application/pdf');
    expect(out!.notice).toBe('Page 1 was read with OCR and can now be searched and copied. Page 2 already had text, so it was left as it was.');
    expect(out!.meta).toMatchObject({ pageCount: 2, pagesMadeSearchable: 1 });
    expect(Number(out!.meta!.words)).toBeGreaterThanOrEqual(90);
    expect(progress.at(-1)).toEqual([200, 200]);
    expect(progress.some(([done]) => done > 0 && done < 100)).toBe(true);

    // Same pages, same scan: the JPEG is still the page's image byte for byte, and the original content stream is kept.
    const [before, after] = await Promise.all([PDFDocument.load(bytes), PDFDocument.load(out!.bytes)]);
    expect(after.getPageCount()).toBe(2);
    expect(pageImages(after.getPage(0))).toEqual([jpeg]);
    expect(after.getPage(0).getSize()).toEqual(before.getPage(0).getSize());
    const contentsOf = (page: PDFPage) => page.node.Contents();
    expect(String(contentsOf(after.getPage(1)))).toBe(String(contentsOf(before.getPage(1))));

    // pdf.js finds the words, written invisibly (render mode 3) at the place they were printed.
    const [scanned, typed] = await pdfjsPages(out!.bytes);
    expect(wordAccuracy(SAMPLE_TEXT.join(' '), scanned!.text)).toBeGreaterThanOrEqual(0.97);
    expect(scanned!.ops.visibleText.size).toBe(0);
    expect(scanned!.ops.invisibleTextCount).toBeGreaterThanOrEqual(90);
    const first = scanned!.items.find((i) => i.str.startsWith('The'))!;
    // The fixture prints its first line's baseline 100 pt below the top of an A4 page, 72 pt from the left.
    expect(first.transform[4]).toBeCloseTo(72, -0.5);
    expect(first.transform[5]).toBeCloseTo(841.89 - 100, -0.5);
    expect(typed!.text.trim()).toBe('Typed appendix page');
    expect(typed!.ops.invisibleTextCount).toBe(0);
  }, 180_000);

  it('reads accented French words into the text layer', async () => {
    const lines = ['Le château médiéval accueille des élèves français', 'et leurs professeurs pendant la fête de août.'];
    const { bytes } = await scannedPdf([lines]);
    const [out] = await ocrPdf.run(pdfInput(bytes), { language: 'fra' }, context());
    const [page] = await pdfjsPages(out!.bytes);
    expect(wordAccuracy(lines.join(' '), page!.text)).toBeGreaterThanOrEqual(0.9);
    for (const word of ['château', 'médiéval', 'élèves', 'français', 'fête', 'août']) expect(page!.text).toContain(word);
    expect(out!.notice).toBe('Page 1 was read with OCR and can now be searched and copied.');
  }, 180_000);

  it('writes a Chinese text layer with the CJK font, so the characters copy back', async () => {
    const lines = ['中国人民银行今天发布了新的报告。', '北京的天气很好，我们明天去公园。'];
    const { bytes } = await scannedPdf([lines], { font: CJK_FONT, pointSize: 14 });
    const [out] = await ocrPdf.run(pdfInput(bytes), { language: 'chi_sim' }, context());
    const [page] = await pdfjsPages(out!.bytes);
    // No spaces are put between Chinese words, so copied text reads as written.
    expect(page!.text).not.toMatch(/\p{Script=Han} \p{Script=Han}/u);
    const read = page!.text.replace(/\s+/g, '');
    const expected = [...lines.join('').replace(/[。，]/g, '')];
    const found = expected.filter((ch) => read.includes(ch)).length;
    expect(found / expected.length).toBeGreaterThanOrEqual(0.9);
    expect(read).toContain('银行');
  }, 180_000);

  it('writes Arabic (right to left, shaped) and Russian in Cyrillic with the Ukrainian data into the text layer', async () => {
    const dejavu = 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
    for (const [language, line] of [
      ['ara', 'مرحبا بكم في المدينة الجميلة'],
      ['ukr', 'Привет, как дела у тебя сегодня'],
    ] as const) {
      const { bytes } = await scannedPdf([[line]], { font: dejavu, pointSize: 16 });
      const [out] = await ocrPdf.run(pdfInput(bytes), { language }, context());
      const [page] = await pdfjsPages(out!.bytes);
      expect(wordAccuracy(line, page!.items.map((i) => i.str).join(' ')), language).toBe(1);
    }
  }, 180_000);

  it('returns a PDF that already has text on every page unchanged, and says so', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]).drawText('Already searchable', { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await doc.save();
    const [out] = await ocrPdf.run(pdfInput(bytes), {}, context());
    expect(out!.bytes).toEqual(bytes);
    expect(out!.notice).toBe(alreadySearchableMessage());
    expect(out!.notice).toBe('Every page of this PDF already has text, so it is already searchable. Your file is unchanged.');
  });

  it('says so, naming the file, when a scan holds no words at all', async () => {
    const { bytes } = await scannedPdf([[]]);
    const run = ocrPdf.run(pdfInput(bytes, 'blank.pdf'), {}, context());
    await expect(run).rejects.toThrow(nothingReadMessage('blank.pdf'));
    await expect(run).rejects.toThrow('No text could be read on the scanned pages of blank.pdf.');
  }, 120_000);

  it('refuses a damaged file and a password-protected file with their messages', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\n%broken beyond repair');
    await expect(ocrPdf.run(pdfInput(damaged, 'bad.pdf'), {}, context())).rejects.toThrow('The file bad.pdf is damaged');
    const locked = new Uint8Array(readFileSync(new URL('../../tests/fixtures/encrypted.pdf', import.meta.url)));
    await expect(ocrPdf.run(pdfInput(locked, 'locked.pdf'), {}, context())).rejects.toThrow(encryptedMessage());
  });

  it('words its notice for several pages read, kept and empty', () => {
    expect(ocrPdfNotice([1, 2, 3, 5], [4], [6, 7])).toBe(
      'Pages 1-3 and 5 were read with OCR and can now be searched and copied. Page 4 already had text, so it was left as it was. No text could be read on pages 6 and 7.',
    );
  });
});
