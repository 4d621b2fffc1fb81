import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../engine/types';
import pdfToWord, { DOCX_TYPE, NO_TEXT_MESSAGE } from './pdf-to-word';

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
    expect(progress.at(-1)).toEqual([2, 2]);

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

  it('refuses a PDF without a text layer', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    await expect(pdfToWord.run([{ name: 's.pdf', type: 'application/pdf', bytes: await doc.save() }], {}, context())).rejects.toThrow(NO_TEXT_MESSAGE);
  });

  it('refuses a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.5\n%broken');
    await expect(pdfToWord.run([{ name: 'bad.pdf', type: 'application/pdf', bytes }], {}, context())).rejects.toThrow('The file bad.pdf is damaged');
  });
});
