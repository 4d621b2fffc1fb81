/**
 * PDF to Word end to end on a generated PDF: the .docx is unzipped and its
 * XML read back for reading order, tables, images, formatting and links.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import pdfToWord from '../../processors/pdf-to-word';
import { decode } from '../image/codecs/png';
import { IMAGE_BOX, layoutPdf, LEFT_WORDS, LINK_URL, RIGHT_WORDS, scanWithTextLayerPdf, TABLE_ROWS } from '../../../tests/fixtures/word-pdfs';
import { openPdfjs, pageTextItems } from '../pdf/pdfjs';
import { itJudgedBy, judgeCommand } from '../../../tests/support/judges';

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

let files: Record<string, Uint8Array>;
let xml: string;
let docx: Uint8Array;

beforeAll(async () => {
  const [out] = await pdfToWord.run([{ name: 'layout.pdf', type: 'application/pdf', bytes: await layoutPdf() }], pdfToWord.options.parse({}), ctx);
  docx = out!.bytes;
  files = unzipSync(docx);
  xml = strFromU8(files['word/document.xml']!);
});

const texts = (body: string) => [...body.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

/** Top-level paragraphs and tables in document order, with their text. */
function blocks(): { kind: 'p' | 'tbl'; body: string; text: string }[] {
  const body = xml.slice(xml.indexOf('<w:body>'));
  return [...body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>|<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g)].map((m) => ({
    kind: m[0].startsWith('<w:tbl>') ? 'tbl' : 'p',
    body: m[0],
    text: texts(m[0]),
  }));
}

/** The runs (inside hyperlinks too) with their text and properties. */
function runs(): { text: string; props: string }[] {
  return [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => ({ text: texts(m[1]!).trim(), props: /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(m[1]!)?.[1] ?? '' }));
}

/** The words of every page of a PDF, as pdf.js reads them. */
async function pdfWords(bytes: Uint8Array): Promise<string[]> {
  const pdf = await openPdfjs(bytes, 'layout.pdf');
  const words: string[] = [];
  for (let n = 1; n <= pdf.doc.numPages; n++) {
    const page = await pdf.doc.getPage(n);
    for (const item of await pageTextItems(page)) words.push(...(item.str.match(/[\p{L}\p{N}]+/gu) ?? []));
  }
  await pdf.destroy();
  return words;
}

describe('PDF to Word layout fidelity', () => {
  it('reads a two-column page column by column, after the title that spans it', () => {
    const all = blocks().map((b) => b.text);
    const title = all.findIndex((t) => t.includes('Two Column Report'));
    const lastLeft = Math.max(...LEFT_WORDS.map((w) => all.findIndex((t) => t.includes(w))));
    const firstRight = Math.min(...RIGHT_WORDS.map((w) => all.findIndex((t) => t.includes(w))));
    expect(title).toBeGreaterThanOrEqual(0);
    expect(title).toBeLessThan(firstRight);
    expect(lastLeft).toBeLessThan(firstRight);
    // No paragraph mixes the two columns, as reading straight across would.
    expect(all.some((t) => LEFT_WORDS.some((l) => t.includes(l)) && RIGHT_WORDS.some((r) => t.includes(r)))).toBe(false);
    // Within the left column, the lines keep their order.
    const left = all.find((t) => t.includes(LEFT_WORDS[0]!))!;
    expect(LEFT_WORDS.map((w) => left.indexOf(w))).toEqual([...LEFT_WORDS.map((w) => left.indexOf(w))].sort((p, q) => p - q));
  });

  it('rebuilds the ruled table as a Word table with its rows and cells', () => {
    const tables = blocks().filter((b) => b.kind === 'tbl');
    expect(tables).toHaveLength(1);
    const rows = [...tables[0]!.body.matchAll(/<w:tr>([\s\S]*?)<\/w:tr>/g)].map((r) => [...r[1]!.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((c) => texts(c[1]!)));
    expect(rows).toEqual(TABLE_ROWS);
    expect(tables[0]!.body).toContain('<w:insideV w:val="single"');
    // The cells' text is not repeated outside the table.
    expect(blocks().filter((b) => b.kind === 'p' && b.text.includes('Apples'))).toHaveLength(0);
  });

  it('places the image between the text around it, at its drawn size, with its pixels', async () => {
    const all = blocks();
    const before = all.findIndex((b) => b.text.includes('Text before the image.'));
    const drawing = all.findIndex((b) => b.body.includes('<w:drawing>'));
    const after = all.findIndex((b) => b.text.includes('Text after the image.'));
    expect(before).toBeLessThan(drawing);
    expect(drawing).toBeLessThan(after);
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(all[drawing]!.body)!;
    // 12,700 EMU to the point; docx rounds to whole pixels at 96 dpi.
    expect(Number(extent[1]) / 12700).toBeCloseTo(IMAGE_BOX.width, -0.3);
    expect(Number(extent[2]) / 12700).toBeCloseTo(IMAGE_BOX.height, -0.3);
    const media = Object.keys(files).filter((f) => f.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const png = await decode(files[media[0]!]!);
    expect([png.width, png.height]).toEqual([IMAGE_BOX.pixelsWide, IMAGE_BOX.pixelsHigh]);
    // The fixture's gradient: red rises left to right, green top to bottom.
    const at = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    expect(at(0, 0)).toEqual([0, 0, 128]);
    expect(at(39, 19)).toEqual([Math.round((39 / 40) * 255), Math.round((19 / 20) * 255), 128]);
  });

  it('keeps bold, italic, colour, font family, size and the link on the right runs', () => {
    const all = runs();
    const run = (text: string) => all.find((r) => r.text === text)!;
    expect(run('Strong words').props).toMatch(/<w:b\/>/);
    expect(run('Strong words').props).not.toMatch(/<w:i\/>/);
    expect(run('slanted words').props).toMatch(/<w:i\/>/);
    expect(run('slanted words').props).not.toMatch(/<w:b\/>/);
    expect(run('red words').props).toContain('<w:color w:val="cc0000"/>');
    expect(run('Strong words').props).not.toContain('<w:color');
    expect(run('Strong words').props).toContain('w:ascii="Arial"');
    expect(run('Strong words').props).toContain('<w:sz w:val="22"/>');
    expect(run('Apples').props).toContain('w:ascii="Times New Roman"');
    expect(run('Apples').props).toContain('<w:sz w:val="20"/>');

    expect(run('Underlined phrase').props).toMatch(/<w:u w:val="single"\/>/);
    expect(run('struck').props).toContain('<w:strike/>');
    expect(run('struck').props).not.toMatch(/<w:u /);
    expect(run('2').props).toContain('<w:vertAlign w:val="superscript"/>');
    expect(run('E = mc').props).not.toContain('vertAlign');

    const link = /<w:hyperlink [^>]*r:id="([^"]+)"[^>]*>([\s\S]*?)<\/w:hyperlink>/.exec(xml)!;
    expect(texts(link[2]!)).toBe('Visit the docs');
    const rels = strFromU8(files['word/_rels/document.xml.rels']!);
    expect(rels).toMatch(new RegExp(`Id="${link[1]}"[^>]*Target="${LINK_URL}"[^>]*TargetMode="External"|Target="${LINK_URL}"[^>]*Id="${link[1]}"`));
    // Only the linked text is in the link.
    expect(xml.match(/<w:hyperlink /g)).toHaveLength(1);
  });

  it('makes headings from size and Word lists from bullets and numbers', () => {
    const all = blocks();
    const style = (text: string) => /<w:pStyle w:val="([^"]+)"/.exec(all.find((b) => b.text.includes(text))!.body)?.[1];
    expect(style('Two Column Report')).toBe('Heading1');
    expect(style('Prices')).toBe('Heading2');
    // A bold line at body size above ordinary text is a run-in title; bold words inside a line are not.
    expect(style('Delivery notes')).toBe('Heading3');
    expect(style('Strong words')).toBeUndefined();
    const numId = (text: string) => /<w:numId w:val="(\d+)"/.exec(all.find((b) => b.text === text)?.body ?? '')?.[1];
    // The marker becomes Word's numbering, so it is not left in the text.
    expect(numId('First bullet item')).toBeDefined();
    expect(numId('Second bullet item')).toBe(numId('First bullet item'));
    expect(numId('First numbered step')).toBeDefined();
    expect(numId('Second numbered step')).toBe(numId('First numbered step'));
    expect(numId('First numbered step')).not.toBe(numId('First bullet item'));
    const numbering = strFromU8(files['word/numbering.xml']!);
    expect(numbering).toContain('<w:lvlText w:val="%1."/>');
  });

  it('keeps every word of the PDF', async () => {
    const words = await pdfWords(await layoutPdf());
    const docxWords = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].flatMap((m) => m[1]!.match(/[\p{L}\p{N}]+/gu) ?? []).sort();
    // The list numbers "1." and "2." are Word's numbering now, not text.
    for (const number of ['1', '2']) words.splice(words.indexOf(number), 1);
    expect(docxWords).toEqual(words.sort());
  });

  it('gives the text of a scan with an OCR text layer, without the picture under it', async () => {
    const [out] = await pdfToWord.run([{ name: 'scan.pdf', type: 'application/pdf', bytes: await scanWithTextLayerPdf() }], pdfToWord.options.parse({}), ctx);
    const scanFiles = unzipSync(out!.bytes);
    const body = strFromU8(scanFiles['word/document.xml']!);
    expect(texts(body)).toBe('Recognised words of the scan');
    expect(body).not.toContain('<w:drawing>');
    expect(Object.keys(scanFiles).filter((f) => f.startsWith('word/media/'))).toEqual([]);
    // Printed over the same picture, the text is a designed page's: its background picture is kept.
    const [designed] = await pdfToWord.run([{ name: 'bg.pdf', type: 'application/pdf', bytes: await scanWithTextLayerPdf(true) }], pdfToWord.options.parse({}), ctx);
    const designedBody = strFromU8(unzipSync(designed!.bytes)['word/document.xml']!);
    expect(designedBody).toContain('<w:drawing>');
    expect(texts(designedBody)).toBe('Recognised words of the scan');
  });

  itJudgedBy('soffice', 'opens in LibreOffice, which lays it out as a PDF with the same text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'word-fidelity-'));
    try {
      writeFileSync(join(dir, 'layout.docx'), docx);
      const run = spawnSync(judgeCommand('soffice'), ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, 'layout.docx')], { timeout: 120_000 });
      expect(run.status).toBe(0);
      const pdf = new Uint8Array(readFileSync(join(dir, 'layout.pdf')));
      expect(strFromU8(pdf.subarray(0, 5))).toBe('%PDF-');
      // LibreOffice prints Word's list numbers, so its words are the source PDF's, numbers included.
      expect((await pdfWords(pdf)).sort()).toEqual((await pdfWords(await layoutPdf())).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
