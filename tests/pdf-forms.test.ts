/**
 * Filled AcroForm PDFs through every tool that rebuilds a PDF: the output must
 * still hold each field with its value (pdf-lib reads them back), pass the
 * installed qpdf's --check (a build apart from the one the tools run) and show
 * the values to an independent reader (pdftotext, through the appearance
 * streams). And through the tools
 * that read text: the filled values are part of the text, and a blank form
 * without printed text is still a PDF without text.
 */
import './setup/offscreen-canvas';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import mergePdfProcessor from '../src/processors/merge-pdf';
import splitPdfProcessor from '../src/processors/split-pdf';
import rearrangePdfProcessor from '../src/processors/rearrange-pdf';
import cropPdfProcessor from '../src/processors/crop-pdf';
import protectPdfProcessor from '../src/processors/protect-pdf';
import { createPdfCompressor } from '../src/processors/pdf-compressor';
import extractTextProcessor, { noTextMessage as noTextTxt } from '../src/processors/extract-text-from-pdf';
import pdfToWordProcessor, { noTextMessage as noTextDocx } from '../src/processors/pdf-to-word';
import pdfToExcelProcessor, { noTextMessage as noTextXlsx } from '../src/processors/pdf-to-excel';
import { SELECTED_MARK } from '../src/lib/pdf/form-text';
import { terminateOcr } from '../src/lib/ocr/recognize';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from '../src/lib/pdf/qpdf';
import { itJudgedBy, judgeCommand, type Judge } from './support/judges';
import { asWorkerCalls } from './support/run-processor';
import { ctx, pdfInput } from './fixtures/pdf/make';
import { filledValues, formPdf, pdfFieldValues, storedStrings, widgetCounts } from './fixtures/pdf-build/forms';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from './fixtures/scanned-pdf';

const mergePdf = asWorkerCalls(mergePdfProcessor);
const splitPdf = asWorkerCalls(splitPdfProcessor);
const rearrangePdf = asWorkerCalls(rearrangePdfProcessor);
const cropPdf = asWorkerCalls(cropPdfProcessor);
const protectPdf = asWorkerCalls(protectPdfProcessor);
const extractText = asWorkerCalls(extractTextProcessor);
const pdfToWord = asWorkerCalls(pdfToWordProcessor);
const pdfToExcel = asWorkerCalls(pdfToExcelProcessor);

afterAll(() => terminateOcr());

/** What a judge says of a PDF: its exit status and what it printed. */
function judged(judge: Judge, args: (file: string) => string[], bytes: Uint8Array): { status: number | null; out: string; err: string } {
  const dir = mkdtempSync(join(tmpdir(), 'forms-'));
  const file = join(dir, 'in.pdf');
  writeFileSync(file, bytes);
  try {
    const run = spawnSync(judgeCommand(judge), args(file), { encoding: 'utf8', timeout: 60_000 });
    if (run.error) throw run.error;
    return { status: run.status, out: run.stdout, err: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf checks the structure of each output, pdftotext reads its values as a viewer shows them. */
const FORM_JUDGES: Judge[] = ['qpdf', 'pdftotext'];

/** Fields whose appearance is a mark (a tick, a dot), not their value as text. */
const MARK_FIELDS = /^(subscribe|size)(_\d+)?$/;

/** Checks a tool's output PDF: same fields and values as expected, qpdf accepts it, the typed and chosen values are visible. */
async function expectFormKept(bytes: Uint8Array, expected: Record<string, string>): Promise<void> {
  expect(await pdfFieldValues(bytes)).toEqual(expected);
  const check = judged('qpdf', (file) => ['--check', file], bytes);
  // 0 is a clean file; 3 would be warnings, 2 errors.
  expect(check.status, check.out + check.err).toBe(0);
  const text = judged('pdftotext', (file) => [file, '-'], bytes);
  expect(text.status, text.err).toBe(0);
  for (const [field, value] of Object.entries(expected)) {
    if (value && !MARK_FIELDS.test(field)) expect(text.out).toContain(value);
  }
}

describe('filled forms survive the PDF tools', () => {
  itJudgedBy(FORM_JUDGES, 'split keeps the fields of the pages in each part, and nothing of the other pages', async () => {
    const input = await formPdf({ twoPages: true });
    const [first, second] = await splitPdf([pdfInput(input)], { method: 'every', everyN: 1 }, ctx());
    await expectFormKept(first.bytes, filledValues());
    // "name" has a widget on each page; each part keeps the one on its own page.
    expect(await widgetCounts(first.bytes)).toMatchObject({ name: 1 });
    expect(await storedStrings(first.bytes)).not.toContain('Second page note');
    await expectFormKept(second.bytes, { name: 'Ada Lovelace', notes: 'Second page note' });
    expect(await storedStrings(second.bytes)).not.toContain('ada@example.org');
  });

  itJudgedBy(FORM_JUDGES, 'rearrange keeps every field when pages are reordered', async () => {
    const input = await formPdf({ twoPages: true });
    const [out] = await rearrangePdf([pdfInput(input)], { order: [1, 0] }, ctx());
    await expectFormKept(out.bytes, { ...filledValues(), notes: 'Second page note' });
  });

  itJudgedBy(FORM_JUDGES, 'rearrange drops the fields of removed pages only', async () => {
    const input = await formPdf({ twoPages: true });
    const [out] = await rearrangePdf([pdfInput(input)], { order: [0] }, ctx());
    await expectFormKept(out.bytes, filledValues());
    expect(await widgetCounts(out.bytes)).toMatchObject({ name: 1 });
    expect(await storedStrings(out.bytes)).not.toContain('Second page note');
  });

  itJudgedBy(FORM_JUDGES, 'rearrange gives a repeated page its own copy of the fields', async () => {
    const [out] = await rearrangePdf([pdfInput(await formPdf())], { order: [0, 0] }, ctx());
    const copy = Object.fromEntries(Object.entries(filledValues()).map(([key, value]) => [`${key}_2`, value]));
    await expectFormKept(out.bytes, { ...filledValues(), ...copy });
  });

  itJudgedBy(FORM_JUDGES, 'crop keeps every field', async () => {
    const [out] = await cropPdf([pdfInput(await formPdf())], { applyTo: 'all', top: 5, right: 5, bottom: 5, left: 5 }, ctx());
    await expectFormKept(out.bytes, filledValues());
  });

  itJudgedBy(FORM_JUDGES, 'compress keeps every field, with the pdf-lib engine and with both engines', async () => {
    const input = await formPdf({ photo: true });
    for (const compressor of [createPdfCompressor(napiJpegCodec, null), createPdfCompressor(napiJpegCodec)]) {
      const [out] = await compressor.run([pdfInput(input)], compressor.options.parse({ level: 'high' }), ctx());
      expect(out.meta?.kept).toBe(0);
      expect(out.bytes.length).toBeLessThan(input.length);
      await expectFormKept(out.bytes, filledValues());
    }
  }, 60_000);

  itJudgedBy(FORM_JUDGES, 'compress turns down a smaller result that lost the form, even when the boxes are still drawn', async () => {
    const input = await formPdf({ photo: true });
    // Same pages, text and widgets, no photo, but no /AcroForm: a reader would show boxes that are not a form.
    const formless = async () => {
      const doc = await PDFDocument.load(await formPdf());
      doc.catalog.delete(PDFName.of('AcroForm'));
      return doc.save();
    };
    const compressor = createPdfCompressor(napiJpegCodec, formless);
    const [out] = await compressor.run([pdfInput(input)], compressor.options.parse({ level: 'low' }), ctx());
    expect(out.meta?.engine).toBe('pdf-lib');
    expect((await formless()).length).toBeLessThan(out.bytes.length);
    await expectFormKept(out.bytes, filledValues());
  });

  itJudgedBy(FORM_JUDGES, 'protect keeps every field inside the encrypted file', async () => {
    const [out] = await protectPdf([pdfInput(await formPdf())], { password: 'open sesame' }, ctx());
    const decrypted = await runQpdf(['--password=open sesame', '--decrypt', INPUT_PATH, OUTPUT_PATH], out.bytes);
    expect(decrypted.code).toBe(0);
    await expectFormKept(decrypted.output!, filledValues());
  });

  itJudgedBy(FORM_JUDGES, 'merge keeps the fields of every file and renames a name two files share', async () => {
    const a = await formPdf({ name: 'Ada Lovelace' });
    const b = await formPdf({ name: 'Grace Hopper', twoPages: true });
    const [out] = await mergePdf([pdfInput(a, 'ada.pdf'), pdfInput(b, 'grace.pdf')], {}, ctx());
    const renamed = Object.fromEntries(Object.entries(filledValues('Grace Hopper')).map(([key, value]) => [`${key}_2`, value]));
    await expectFormKept(out.bytes, { ...filledValues('Ada Lovelace'), ...renamed, notes: 'Second page note' });
  });
});

/** The values a reader of the filled form sees as text: typed text and chosen entries (boxes are marks). */
const TYPED = ['Ada Lovelace', 'ada@example.org', 'France', 'Green'];

/** The words of a .docx body, paragraphs joined by newlines. */
function docxText(bytes: Uint8Array): string {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .join('\n');
}

/** Every non-empty cell of every sheet, as text, row by row. */
async function xlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rows: string[][] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => rows.push((row.values as unknown[]).filter((v) => v != null && v !== '').map(String))));
  return rows;
}

describe('filled form values are text', () => {
  it('Extract Text reads the values of a form with no printed text, and places them among printed labels', async () => {
    const [bare] = await extractText([pdfInput(await formPdf({ pageText: false }))], {}, ctx());
    const text = new TextDecoder().decode(bare.bytes);
    for (const value of TYPED) expect(text).toContain(value);
    expect(text.split(SELECTED_MARK)).toHaveLength(3);
    expect(bare.meta?.scannedPagesRead).toBeUndefined();

    const [labelled] = await extractText([pdfInput(await formPdf())], {}, ctx());
    const lines = new TextDecoder().decode(labelled.bytes).split('\n');
    // Each value on the line of its label, in the page's reading order.
    expect(lines).toContain('Full name Ada Lovelace');
    expect(lines).toContain('Email ada@example.org');
    expect(lines).toContain(`Newsletter ${SELECTED_MARK}`);
    expect(lines).toContain('Country France');
    expect(lines.indexOf('Full name Ada Lovelace')).toBeLessThan(lines.indexOf('Country France'));
  });

  it('PDF to Word writes the values of a form with no printed text', async () => {
    const [out] = await pdfToWord([pdfInput(await formPdf({ pageText: false }))], {}, ctx());
    const text = docxText(out.bytes);
    for (const value of TYPED) expect(text).toContain(value);
    expect(text).toContain(SELECTED_MARK);
    const [labelled] = await pdfToWord([pdfInput(await formPdf())], {}, ctx());
    expect(docxText(labelled.bytes)).toMatch(/Full name\s*Ada Lovelace/);
  });

  it('PDF to Excel puts the values in cells, beside their labels', async () => {
    const [bare] = await pdfToExcel([pdfInput(await formPdf({ pageText: false }))], {}, ctx());
    const cells = (await xlsxRows(bare.bytes)).flat();
    for (const value of TYPED) expect(cells).toContain(value);
    const [labelled] = await pdfToExcel([pdfInput(await formPdf())], {}, ctx());
    const rows = await xlsxRows(labelled.bytes);
    expect(rows).toContainEqual(['Full name', 'Ada Lovelace']);
    expect(rows).toContainEqual(['Country', 'France']);
  });

  it('a scanned form is read with OCR, its filled fields after the words of the scan', async () => {
    const scan = await PDFDocument.load((await scannedPdf([SAMPLE_TEXT])).bytes);
    const field = scan.getForm().createTextField('applicant');
    field.addToPage(scan.getPage(0), { x: 72, y: 200, width: 250, height: 24 });
    field.setText('Ada Lovelace');
    const input = pdfInput(await scan.save());
    const [out] = await extractText([input], {}, ctx());
    const text = new TextDecoder().decode(out.bytes);
    expect(out.meta?.scannedPagesRead).toBe(1);
    expect(wordAccuracy(SAMPLE_TEXT.join(' '), text)).toBeGreaterThan(0.9);
    expect(text.indexOf('Ada Lovelace')).toBeGreaterThan(text.indexOf('region'));
    const [word] = await pdfToWord([input], {}, ctx());
    expect(docxText(word.bytes)).toMatch(/region[\s\S]*Ada Lovelace/);
  }, 120_000);

  it('a blank form with no printed text still has no text', async () => {
    const blank = pdfInput(await formPdf({ pageText: false, filled: false }));
    await expect(extractText([blank], {}, ctx())).rejects.toThrow(noTextTxt());
    await expect(pdfToWord([blank], {}, ctx())).rejects.toThrow(noTextDocx());
    await expect(pdfToExcel([blank], {}, ctx())).rejects.toThrow(noTextXlsx());
  }, 120_000);
});
