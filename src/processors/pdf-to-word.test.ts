import '../../tests/setup/offscreen-canvas';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../contract/types';
import { terminateOcr } from '../lib/ocr/recognize';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../../tests/fixtures/scanned-pdf';
import pdfToWord, { DOCX_TYPE, noTextMessage } from './pdf-to-word';

afterAll(() => terminateOcr());

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}

async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const first = doc.addPage([400, 400]);
  first.drawText('Annual Report', { x: 40, y: 350, size: 26, font: bold });
  first.drawText('The first paragraph starts here', { x: 40, y: 310, size: 11, font: regular });
  first.drawText('and wraps onto a second line.', { x: 40, y: 297, size: 11, font: regular });
  first.drawText('Important:', { x: 40, y: 265, size: 11, font: bold });
  first.drawText('read this', { x: 100, y: 265, size: 11, font: italic });
  const second = doc.addPage([400, 400]);
  second.drawText('Results', { x: 40, y: 350, size: 15, font: bold });
  second.drawText('Second page body text.', { x: 40, y: 320, size: 11, font: regular });
  return doc.save();
}

/** Paragraph texts and styles from word/document.xml, in document order. */
function readParagraphs(xml: string) {
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((m) => {
    const body = m[1] ?? m[2] ?? '';
    return {
      text: [...body.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
      style: /<w:pStyle w:val="([^"]+)"/.exec(body)?.[1] ?? null,
      pageBreak: body.includes('<w:pageBreakBefore/>') || body.includes('w:type="page"'),
      body,
    };
  });
}

describe('pdf-to-word', () => {
  it('writes paragraphs in reading order with headings, bold, italic and page breaks', async () => {
    const input = await reportPdf();
    const original = input.slice();
    const progress: [number, number][] = [];
    const [out] = await pdfToWord.run([{ name: 'r.pdf', type: 'application/pdf', bytes: input }], {}, context(progress));
    expect(out!.type).toBe(DOCX_TYPE);
    expect(input).toEqual(original);
    expect(progress.at(-1)).toEqual([200, 200]);
    expect(out!.notice).toBeUndefined();

    const files = unzipSync(out!.bytes);
    const paragraphs = readParagraphs(strFromU8(files['word/document.xml']!)).filter((p) => p.text !== '');
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Annual Report',
      'The first paragraph starts here and wraps onto a second line.',
      'Important: read this',
      'Results',
      'Second page body text.',
    ]);
    expect(paragraphs.map((p) => p.style)).toEqual(['Heading1', null, null, 'Heading2', null]);
    expect(paragraphs.map((p) => p.pageBreak)).toEqual([false, false, false, true, false]);

    const runs = [...paragraphs[2]!.body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((r) => ({
      text: /<w:t[^>]*>([^<]*)</.exec(r[1]!)?.[1],
      bold: /<w:b\/>|<w:b w:val="(true|1)"\/>/.test(r[1]!),
      italic: /<w:i\/>|<w:i w:val="(true|1)"\/>/.test(r[1]!),
    }));
    expect(runs).toEqual([
      { text: 'Important:', bold: true, italic: false },
      { text: ' read this', bold: false, italic: true },
    ]);
  });

  it('reads a scanned page with OCR into paragraphs on its own Word page, and says which page it was', async () => {
    const doc = await PDFDocument.load((await reportPdf()).slice());
    const [scanPage] = await doc.copyPages(await PDFDocument.load((await scannedPdf([SAMPLE_TEXT])).bytes), [0]);
    doc.addPage(scanPage!);
    const [out] = await pdfToWord.run([{ name: 'r.pdf', type: 'application/pdf', bytes: await doc.save() }], { language: 'eng' }, context());
    const paragraphs = readParagraphs(strFromU8(unzipSync(out!.bytes)['word/document.xml']!)).filter((p) => p.text !== '');
    const fromScan = paragraphs.slice(5);
    expect(paragraphs.slice(0, 5).map((p) => p.text)).toContain('Second page body text.');
    expect(fromScan[0]!.pageBreak).toBe(true);
    expect(fromScan.map((p) => p.style)).toEqual(fromScan.map(() => null));
    // The fixture's text is one heading line, then one paragraph of seven lines run together.
    expect(wordAccuracy(SAMPLE_TEXT.join(' '), fromScan.map((p) => p.text).join(' '))).toBeGreaterThanOrEqual(0.97);
    expect(fromScan.at(-1)!.text).toContain('flooded for almost three weeks. Engineers measured');
    expect(out!.meta).toEqual({ pageCount: 3, paragraphs: 5 + fromScan.length, scannedPagesRead: 1 });
    expect(out!.notice).toBe('Page 3 has no text layer (it is a scan), so its text was read from the scan with OCR (text recognition). Please check names and figures.');
  }, 180_000);

  it('refuses a PDF without a text layer and nothing readable on its pages', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    await expect(pdfToWord.run([{ name: 's.pdf', type: 'application/pdf', bytes: await doc.save() }], {}, context())).rejects.toThrow(noTextMessage());
  }, 120_000);

  it('refuses a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.5\n%broken');
    await expect(pdfToWord.run([{ name: 'bad.pdf', type: 'application/pdf', bytes }], {}, context())).rejects.toThrow('The file bad.pdf is damaged');
  });
});
