import { PDFDict, PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import type { ProcessorContext } from '../contract/types';
import { isToolError } from '../lib/errors';
import pdfTranslatorProcessor, { mismatchMessage, options, noTextMessage, notTranslatedMessage } from './pdf-translator';
import { asWorkerCalls } from '../../tests/support/run-processor';

const pdfTranslator = asWorkerCalls(pdfTranslatorProcessor);

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}
const pdfInput = (bytes: Uint8Array) => [{ name: 'report.pdf', type: 'application/pdf', bytes }];

/**
 * Three pages: page 1 a 20 pt heading and a two-line 11 pt paragraph, page 2
 * one paragraph, page 3 only a drawn square (no text).
 */
async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([500, 700]);
  first.drawText('Annual Report', { x: 50, y: 640, size: 20, font });
  first.drawText('The company grew in every region this year', { x: 50, y: 590, size: 11, font });
  first.drawText('and hired many new people.', { x: 50, y: 576, size: 11, font });
  doc.addPage([500, 700]).drawText('Thank you for reading.', { x: 50, y: 600, size: 11, font });
  doc.addPage([500, 700]).drawRectangle({ x: 50, y: 50, width: 100, height: 100, color: rgb(0.3, 0.3, 0.3) });
  return doc.save();
}

const SPANISH = [
  { page: 1, paragraphs: ['Informe anual', 'La empresa creci\u00f3 en todas las regiones este a\u00f1o y contrat\u00f3 a muchas personas nuevas.'] },
  { page: 2, paragraphs: ['Gracias por leer.'] },
];
const JAPANESE = [
  { page: 1, paragraphs: ['\u5e74\u6b21\u5831\u544a\u66f8', '\u4eca\u5e74\u3001\u4f1a\u793e\u306f\u3059\u3079\u3066\u306e\u5730\u57df\u3067\u6210\u9577\u3057\u3001\u591a\u304f\u306e\u65b0\u3057\u3044\u4eba\u3092\u96c7\u3044\u307e\u3057\u305f\u3002'] },
  { page: 2, paragraphs: ['\u8aad\u3093\u3067\u3044\u305f\u3060\u304d\u3042\u308a\u304c\u3068\u3046\u3054\u3056\u3044\u307e\u3057\u305f\u3002'] },
];

interface Placed {
  str: string;
  x: number;
  y: number;
  size: number;
}

/** The text items of one page of a PDF with position and size, read back with pdf.js. */
async function placedItems(bytes: Uint8Array, pageNumber: number): Promise<Placed[]> {
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const content = await (await doc.getPage(pageNumber)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4], y: item.transform[5], size: Math.hypot(item.transform[2], item.transform[3]) }] : [],
    );
  } finally {
    await task.destroy();
  }
}

/** BaseFont names of the fonts in a PDF. */
async function fontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, obj]) => (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Font') ? [String(obj.get(PDFName.of('BaseFont')))] : []));
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (!isToolError(error)) throw error;
    return error.message;
  }
  throw new Error('expected a ToolError');
}

describe('pdf-translator', () => {
  it('keeps the layout: same pages, Spanish set in place of each paragraph, the input untouched', async () => {
    const input = await sourcePdf();
    const before = input.slice();
    const progress: [number, number][] = [];
    const [out] = await pdfTranslator(pdfInput(input), { targetLanguage: 'es', maintainLayout: true, translated: SPANISH }, context(progress));
    expect(out!.type).toBe('application/pdf');
    expect(input).toEqual(before);
    const pages = await pdfPageTexts(out!.bytes);
    expect(pages).toHaveLength(3);
    expect(out!.meta).toEqual({ pageCount: 3 });
    expect(pages[0]).toContain('Informe anual');
    expect(pages[0]).toContain('contrat\u00f3');
    expect(pages[1]).toContain('Gracias por leer.');
    // The heading's translation sits on the heading's own line, at its size (it fits).
    const heading = (await placedItems(out!.bytes, 1)).find((i) => i.str === 'Informe anual')!;
    expect(heading.x).toBeCloseTo(50, 0);
    expect(heading.y).toBeGreaterThan(635);
    expect(heading.y).toBeLessThan(662);
    expect(heading.size).toBeCloseTo(20, 0);
    // The longer body text is wrapped within the original paragraph's box, shrunk where needed.
    const body = (await placedItems(out!.bytes, 1)).filter((i) => i.y < 600 && i.str !== 'Annual Report' && /[a-z]/.test(i.str) && !/company|hired/.test(i.str));
    expect(body.length).toBeGreaterThan(0);
    for (const line of body) {
      expect(line.y).toBeGreaterThan(570);
      expect(line.size).toBeLessThanOrEqual(11);
    }
    expect(progress.at(-1)).toEqual([6, 6]);
  });

  it('writes Japanese with the embedded CJK font, subset to the glyphs used', async () => {
    const [out] = await pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'ja', maintainLayout: true, translated: JAPANESE }, context());
    const pages = await pdfPageTexts(out!.bytes);
    expect(pages).toHaveLength(3);
    expect(pages[0]!.replace(/\s/g, '')).toContain('\u5e74\u6b21\u5831\u544a\u66f8');
    expect(pages[0]!.replace(/\s/g, '')).toContain('\u591a\u304f\u306e\u65b0\u3057\u3044\u4eba');
    expect(pages[1]!.replace(/\s/g, '')).toContain('\u8aad\u3093\u3067\u3044\u305f\u3060\u304d');
    // The whole font is about 10 MB; a subset of a few dozen glyphs is tiny.
    expect(out!.bytes.byteLength).toBeLessThan(200_000);
    expect(await fontNames(out!.bytes)).toContainEqual(expect.stringMatching(/^\/NotoSansSC-Regular/));
  });

  it('reflows into a clean document with one section per page that has text', async () => {
    const [out] = await pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'es', maintainLayout: false, translated: SPANISH }, context());
    const pages = await pdfPageTexts(out!.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Informe anual');
    expect(pages[0]).not.toContain('Annual Report');
    expect(pages[1]).toContain('Gracias por leer.');
    // The heading keeps its rank: it is set larger than the body text.
    const items = await placedItems(out!.bytes, 1);
    const heading = items.find((i) => i.str === 'Informe anual')!;
    const body = items.find((i) => i.str.startsWith('La empresa'))!;
    expect(heading.size).toBeGreaterThan(body.size);
    expect(heading.y).toBeGreaterThan(body.y);
  });

  it('reflows Chinese with the CJK font', async () => {
    const chinese = [
      { page: 1, paragraphs: ['\u5e74\u5ea6\u62a5\u544a', '\u516c\u53f8\u4eca\u5e74\u5728\u6bcf\u4e2a\u5730\u533a\u90fd\u6709\u589e\u957f\u3002'] },
      { page: 2, paragraphs: ['\u611f\u8c22\u9605\u8bfb\u3002'] },
    ];
    const [out] = await pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'zh', maintainLayout: false, translated: chinese }, context());
    const text = (await pdfPageTexts(out!.bytes)).join('').replace(/\s/g, '');
    expect(text).toContain('\u5e74\u5ea6\u62a5\u544a');
    expect(text).toContain('\u611f\u8c22\u9605\u8bfb');
  });

  it('shrinks a translation much longer than its box instead of spilling over the next paragraph', async () => {
    const long = [{ page: 1, paragraphs: ['Informe anual', 'palabra '.repeat(70).trim()] }, SPANISH[1]!];
    const [out] = await pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'es', maintainLayout: true, translated: long }, context());
    const words = (await placedItems(out!.bytes, 1)).filter((i) => i.str.includes('palabra'));
    expect(words.length).toBeGreaterThan(1);
    for (const line of words) {
      expect(line.size).toBeLessThan(11);
      expect(line.y).toBeGreaterThan(570);
      expect(line.y).toBeLessThan(605);
    }
  });

  it('refuses a run whose text was never translated', async () => {
    expect(await rejection(pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'es', maintainLayout: true }, context()))).toBe(notTranslatedMessage());
    const blank = [{ page: 1, paragraphs: ['', ' '] }, { page: 2, paragraphs: [''] }];
    expect(await rejection(pdfTranslator(pdfInput(await sourcePdf()), { targetLanguage: 'es', maintainLayout: true, translated: blank }, context()))).toBe(notTranslatedMessage());
  });

  it('refuses translations that do not line up with the paragraphs', async () => {
    const input = await sourcePdf();
    const tooFew = [{ page: 1, paragraphs: ['Informe anual'] }, SPANISH[1]!];
    const noPage = [{ page: 9, paragraphs: ['x'] }];
    for (const translated of [tooFew, noPage]) {
      expect(await rejection(pdfTranslator(pdfInput(input), { targetLanguage: 'es', maintainLayout: true, translated }, context()))).toBe(mismatchMessage());
    }
    // A value of another shape never reaches the processor: the worker's parse refuses it.
    for (const translated of [[{ page: 1, paragraphs: [1, 2] }], 'text']) {
      expect(options.safeParse({ targetLanguage: 'es', maintainLayout: true, translated }).success).toBe(false);
    }
  });

  it('refuses a PDF with no text, a damaged file and a missing file', async () => {
    const scan = await PDFDocument.create();
    scan.addPage([200, 200]).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(0, 0, 0) });
    expect(await rejection(pdfTranslator(pdfInput(await scan.save()), { targetLanguage: 'es', maintainLayout: true, translated: [] }, context()))).toBe(noTextMessage());
    const damaged = new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf');
    expect(await rejection(pdfTranslator(pdfInput(damaged), { targetLanguage: 'es', maintainLayout: true, translated: [] }, context()))).toBe(
      'The file report.pdf is damaged (its cross-reference table or catalog is missing or broken) and could not be read. Open it in a PDF reader, save or print it as a new PDF, and try that copy, or choose another PDF.',
    );
  });
});
