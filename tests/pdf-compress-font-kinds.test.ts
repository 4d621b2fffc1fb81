/**
 * The compressor subsets every kind of embedded font it can follow, with
 * hb-subset: CID TrueType (pdf-lib's embedding, and the same program as
 * FontFile3 /OpenType), simple TrueType (a
 * FontFile2 with WinAnsi codes, and one with Differences), CFF (FontFile3
 * /Type1C, made by Ghostscript from a full Type 1 font) and CFF in a Type0
 * font (the same Type1C program as a CIDFontType0C whose CIDs are glyph ids,
 * and rewritten as a CID-keyed CFF whose CIDs are not its glyph ids).
 * Each output must have a smaller font program, be listed by poppler's
 * pdffonts as embedded and subset, give pdftotext the same text, and render
 * the same at 72 dpi with poppler (and with pdf.js).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString, StandardFonts } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { cffFacts, wrapCff } from '../src/lib/fonts/sfnt';
import { compressPdf } from '../src/lib/pdf/compress';
import { fullFontPdf, meanDifference, renderPixels } from './fixtures/pdf-build/compress-inputs';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { itJudgedBy } from './support/judges';

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const DEJAVU = 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
const TEXT = 'Subset fonts: quick brown fox, café & naïve 42';

function tool(command: string, args: string[], input?: Uint8Array): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'font-kinds-'));
  try {
    const path = join(dir, 'in.pdf');
    if (input) writeFileSync(path, input);
    return execFileSync(command, args.map((arg) => arg.replace('{in}', path).replace('{dir}', dir)), { maxBuffer: 64 << 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdffonts rows: name, type, embedded, subset. */
function pdffonts(bytes: Uint8Array): { name: string; type: string; emb: string; sub: string }[] {
  const lines = tool('pdffonts', ['{in}'], bytes).toString().split('\n').slice(2).filter(Boolean);
  return lines.map((line) => {
    const parts = line.trim().split(/\s+/);
    // name type... encoding emb sub uni object generation
    const [emb, sub] = parts.slice(-5, -3);
    return { name: parts[0], type: line.slice(37, 55).trim(), emb, sub };
  });
}

const pdftotext = (bytes: Uint8Array) => tool('pdftotext', ['-layout', '{in}', '-'], bytes).toString();

/** Mean absolute grey difference (0-255) of the first page rendered at 72 dpi. */
function renderDifference(a: Uint8Array, b: Uint8Array): number {
  const render = (bytes: Uint8Array) => {
    const dir = mkdtempSync(join(tmpdir(), 'font-kinds-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), bytes);
      execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
      const pgm = readFileSync(join(dir, 'page.pgm'));
      // P5 header: magic, width height, max value, each followed by whitespace.
      let fields = 0;
      let p = 0;
      while (fields < 4) {
        while (/\s/.test(String.fromCharCode(pgm[p]))) p++;
        while (!/\s/.test(String.fromCharCode(pgm[p]))) p++;
        fields++;
      }
      return pgm.subarray(p + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const [x, y] = [render(a), render(b)];
  expect(x.length).toBe(y.length);
  // The input shows its text: a blank page on both sides would pass for the same look.
  expect(x.filter((value) => value < 128).length).toBeGreaterThan(200);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

/** The decoded bytes of every embedded font program, by the key it sits under. */
async function fontPrograms(bytes: Uint8Array): Promise<{ key: string; bytes: Uint8Array }[]> {
  const doc = await PDFDocument.load(bytes);
  const found = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const file = object.lookup(PDFName.of(key));
      if (file instanceof PDFRawStream) found.push({ key, bytes: decodePDFRawStream(file).decode() });
    }
  }
  return found;
}

/** Compresses with the pdf-lib path and checks what every kind must keep. */
async function checkSubset(input: Uint8Array, type: RegExp): Promise<Uint8Array> {
  const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
  expect(result.kept).toBe(false);
  const before = await fontPrograms(input);
  const after = await fontPrograms(result.bytes);
  expect(after.length).toBe(before.length);
  after.forEach((program, i) => expect(program.bytes.length).toBeLessThan(before[i].bytes.length / 2));
  const fonts = pdffonts(result.bytes);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.type).toMatch(type);
    expect(font.emb).toBe('yes');
    expect(font.sub).toBe('yes');
    expect(font.name).toMatch(/^[A-Z]{6}\+/);
  }
  expect(pdftotext(result.bytes)).toBe(pdftotext(input));
  expect(pdftotext(result.bytes)).toContain('quick brown fox');
  expect(renderDifference(input, result.bytes)).toBeLessThan(0.5);
  // pdf.js, which draws the site's previews, finds the same glyphs too.
  const page = { x: 0, y: 0, width: 400, height: 120 };
  expect(meanDifference(await renderPixels(input, 0, 2), await renderPixels(result.bytes, 0, 2), page)).toBeLessThan(0.5);
  return result.bytes;
}

/** A page showing TEXT with a simple TrueType font (DejaVu Sans, FontFile2), WinAnsi codes, or Differences when given. */
async function simpleTrueTypePdf(differences?: [number, string][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const program = new Uint8Array(readFileSync(DEJAVU));
  const face = fontkit.create(program as Buffer);
  // WinAnsi codes of the text (its characters are all Latin-1), or the Differences code of a glyph the Differences name.
  const byName = new Map(differences?.map(([code, name]) => [name, code]));
  const charOf = new Map<number, string>();
  const codes = [...TEXT].map((char) => {
    const code = byName.get((face.glyphForCodePoint(char.codePointAt(0)!) as unknown as { name: string }).name) ?? char.charCodeAt(0);
    charOf.set(code, char);
    return code;
  });
  const widths = Array.from({ length: 256 }, (_, code) => Math.round((face.glyphForCodePoint((charOf.get(code) ?? ' ').codePointAt(0)!).advanceWidth * 1000) / face.unitsPerEm));
  const file = doc.context.flateStream(program, { Length1: program.length });
  const descriptor = doc.context.obj({
    Type: 'FontDescriptor',
    FontName: 'DejaVuSans',
    Flags: 32,
    FontBBox: [-1021, -463, 1793, 1232],
    ItalicAngle: 0,
    Ascent: 928,
    Descent: -236,
    CapHeight: 729,
    StemV: 80,
    FontFile2: doc.context.register(file),
  });
  const encoding = differences ? doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences.flatMap(([code, name]) => [code, PDFName.of(name)]) }) : PDFName.of('WinAnsiEncoding');
  const font = doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'DejaVuSans', FirstChar: 0, LastChar: 255, Widths: widths, Encoding: encoding, FontDescriptor: doc.context.register(descriptor) });
  const fontRef = doc.context.register(font);
  const page = doc.addPage([400, 120]);
  page.node.setFontDictionary(PDFName.of('F1'), fontRef);
  const hex = codes.map((code) => code.toString(16).padStart(2, '0')).join('');
  const content = doc.context.stream(`BT /F1 14 Tf 20 60 Td <${hex}> Tj ET`);
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}

/** A page with TEXT in Times-Roman, embedded whole as a CFF program (FontFile3 /Type1C) by Ghostscript. */
async function type1cPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  doc.addPage([400, 120]).drawText(TEXT, { x: 20, y: 60, size: 14, font });
  const base = await doc.save();
  return new Uint8Array(
    tool('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dSubsetFonts=false', '-dEmbedAllFonts=true', '-sOutputFile=-', '-c', '<</NeverEmbed []>> setdistillerparams', '-f', '{in}'], base),
  );
}

/**
 * The Type1C page turned into a Type0 font: the same CFF program as a
 * CIDFontType0C (not CID-keyed, so each CID is its glyph id), with the text
 * drawn by glyph id and a ToUnicode map.
 */
async function cidCffPdf(keyed = false): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await type1cPdf());
  const [fontName, fontRef] = (doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).entries()[0];
  const simple = doc.context.lookup(fontRef as PDFRef) as PDFDict;
  const descriptor = simple.lookup(PDFName.of('FontDescriptor')) as PDFDict;
  const fileRef = descriptor.get(PDFName.of('FontFile3')) as PDFRef;
  const file = doc.context.lookup(fileRef) as PDFRawStream;
  file.dict.set(PDFName.of('Subtype'), PDFName.of('CIDFontType0C'));
  // The glyph ids of the text, through the glyph names of the CFF (wrapped as OpenType for fontkit).
  const cff = decodePDFRawStream(file).decode();
  const face = fontkit.create(wrapCff(cff, cffFacts(cff)!.glyphs) as Buffer) as unknown as { 'CFF ': { getGlyphName(gid: number): string } };
  const byName = new Map<string, number>();
  for (let gid = 0; gid < cffFacts(cff)!.glyphs; gid++) byName.set(face['CFF '].getGlyphName(gid), gid);
  const nameOf: Record<string, string> = { ' ': 'space', ':': 'colon', ',': 'comma', '&': 'ampersand', '4': 'four', '2': 'two', 'é': 'eacute', 'ï': 'idieresis' };
  const glyphIds = [...TEXT].map((char) => byName.get(nameOf[char] ?? char)!);
  expect(glyphIds.every((gid) => gid > 0)).toBe(true);
  // The codes are CIDs: glyph ids, or for the CID-keyed rewrite of the program, glyph id + CID_SHIFT.
  const gids = keyed ? glyphIds.map((gid) => gid + CID_SHIFT) : glyphIds;
  if (keyed) doc.context.assign(fileRef, doc.context.flateStream(cidKeyed(cff), { Subtype: 'CIDFontType0C' }));
  const unicode = [...new Set(gids)].map((gid) => `<${gid.toString(16).padStart(4, '0')}> <${TEXT.charCodeAt(gids.indexOf(gid)).toString(16).padStart(4, '0')}>`);
  const toUnicode = doc.context.stream(
    ['/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap', '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def', '1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange', `${unicode.length} beginbfchar`, ...unicode, 'endbfchar', 'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end'].join('\n'),
  );
  const widths = (simple.lookup(PDFName.of('Widths')) as PDFArray).asArray().map((w) => Number(String(w)));
  const firstChar = Number(String(simple.get(PDFName.of('FirstChar'))));
  const w = [...new Set(gids)].flatMap((gid) => [gid, [widths[TEXT.charCodeAt(gids.indexOf(gid)) - firstChar] ?? 500]]);
  const cidFont = doc.context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType0',
    BaseFont: simple.get(PDFName.of('BaseFont')),
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: simple.get(PDFName.of('FontDescriptor')),
    W: w,
  });
  const type0 = doc.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: simple.get(PDFName.of('BaseFont')), Encoding: 'Identity-H', DescendantFonts: [doc.context.register(cidFont)], ToUnicode: doc.context.register(toUnicode) });
  doc.context.assign(fontRef as PDFRef, type0);
  const hex = gids.map((gid) => gid.toString(16).padStart(4, '0')).join('');
  const page = doc.getPage(0);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(`BT ${fontName} 14 Tf 20 60 Td <${hex}> Tj ET`)));
  return doc.save();
}

/** A CFF INDEX at `at`: its items and where it ends. */
function cffIndex(cff: Uint8Array, at: number): { items: Uint8Array[]; end: number } {
  const count = (cff[at] << 8) | cff[at + 1];
  if (count === 0) return { items: [], end: at + 2 };
  const size = cff[at + 2];
  const offset = (i: number) => {
    let value = 0;
    for (let k = 0; k < size; k++) value = value * 256 + cff[at + 3 + i * size + k];
    return value;
  };
  const data = at + 3 + (count + 1) * size - 1;
  const items = Array.from({ length: count }, (_, i) => cff.subarray(data + offset(i), data + offset(i + 1)));
  return { items, end: data + offset(count) };
}

/** A CFF INDEX of the items, with four-byte offsets. */
function writeIndex(items: Uint8Array[]): number[] {
  if (items.length === 0) return [0, 0];
  const out = [items.length >> 8, items.length & 255, 4];
  let offset = 1;
  for (const item of [...items, null]) {
    out.push((offset >>> 24) & 255, (offset >> 16) & 255, (offset >> 8) & 255, offset & 255);
    if (item) offset += item.length;
  }
  for (const item of items) out.push(...item);
  return out;
}

/** A DICT operand as a five-byte integer, so offsets can be written before they are known. */
const int32 = (value: number) => [29, (value >>> 24) & 255, (value >> 16) & 255, (value >> 8) & 255, value & 255];

/** The operands (integers only) of one DICT operator, by its code (1200 + second byte for escaped ones). */
function dictOperands(dict: Uint8Array, wanted: number): number[] | undefined {
  let operands: number[] = [];
  for (let p = 0; p < dict.length; ) {
    const b = dict[p];
    if (b <= 21) {
      const op = b === 12 ? 1200 + dict[p + 1] : b;
      p += b === 12 ? 2 : 1;
      if (op === wanted) return operands;
      operands = [];
    } else if (b === 28) (operands.push(((dict[p + 1] << 8) | dict[p + 2]) << 16 >> 16), (p += 3));
    else if (b === 29) (operands.push((dict[p + 1] << 24) | (dict[p + 2] << 16) | (dict[p + 3] << 8) | dict[p + 4]), (p += 5));
    else if (b === 30) {
      p++;
      while ((dict[p] & 15) !== 15 && (dict[p] & 240) !== 240) p++;
      p++;
      operands.push(0);
    } else if (b <= 246) (operands.push(b - 139), (p += 1));
    else if (b <= 250) (operands.push((b - 247) * 256 + dict[p + 1] + 108), (p += 2));
    else (operands.push(-(b - 251) * 256 - dict[p + 1] - 108), (p += 2));
  }
  return undefined;
}

/**
 * A name-keyed CFF font rewritten as a CID-keyed one (ROS Adobe-Identity-0,
 * one Font DICT, the same charstrings and subroutines), where glyph g has
 * CID g + CID_SHIFT: CIDs and glyph ids differ, as in most CID fonts.
 */
const CID_SHIFT = 100;
function cidKeyed(cff: Uint8Array): Uint8Array {
  const names = cffIndex(cff, cff[2]);
  const top = cffIndex(cff, names.end);
  const strings = cffIndex(cff, top.end);
  const globals = cffIndex(cff, strings.end);
  const topDict = top.items[0];
  const charStrings = cffIndex(cff, dictOperands(topDict, 17)![0]);
  const [privateSize, privateAt] = dictOperands(topDict, 18)!;
  const subrs = dictOperands(cff.subarray(privateAt, privateAt + privateSize), 19)?.[0];
  // The Private DICT and its local subroutines (placed after it) are copied as one block, so the Subrs offset stays true.
  const privateBlock = cff.subarray(privateAt, subrs === undefined ? privateAt + privateSize : cffIndex(cff, privateAt + subrs).end);
  const glyphs = charStrings.items.length;
  const adobe = 391 + strings.items.length;
  const text = new TextEncoder();
  const build = (offsets: { charset: number; fdSelect: number; charStrings: number; fdArray: number; privateAt: number }) => {
    const topOut = [...[...int32(adobe), ...int32(adobe + 1), ...int32(0), 12, 30], ...int32(glyphs + CID_SHIFT), 12, 34, ...int32(offsets.charset), 15, ...int32(offsets.fdSelect), 12, 37, ...int32(offsets.charStrings), 17, ...int32(offsets.fdArray), 12, 36];
    const head = [1, 0, 4, 4, ...writeIndex(names.items), ...writeIndex([new Uint8Array(topOut)]), ...writeIndex([...strings.items, text.encode('Adobe'), text.encode('Identity')]), ...writeIndex(globals.items)];
    const charset = [0];
    for (let gid = 1; gid < glyphs; gid++) charset.push((gid + CID_SHIFT) >> 8, (gid + CID_SHIFT) & 255);
    const fdSelect = [3, 0, 1, 0, 0, 0, glyphs >> 8, glyphs & 255];
    const strings2 = writeIndex(charStrings.items);
    const fdArray = writeIndex([new Uint8Array([...int32(privateSize), ...int32(offsets.privateAt), 18])]);
    const layout = { charset: head.length, fdSelect: head.length + charset.length, charStrings: head.length + charset.length + fdSelect.length, fdArray: 0, privateAt: 0 };
    layout.fdArray = layout.charStrings + strings2.length;
    layout.privateAt = layout.fdArray + fdArray.length;
    return { bytes: new Uint8Array([...head, ...charset, ...fdSelect, ...strings2, ...fdArray, ...privateBlock]), layout };
  };
  // Every offset is a five-byte integer, so the layout found with zeros is the final one.
  return build(build({ charset: 0, fdSelect: 0, charStrings: 0, fdArray: 0, privateAt: 0 }).layout).bytes;
}

describe('subsetting each kind of embedded font with hb-subset', () => {
  itJudgedBy(['pdffonts', 'pdftotext', 'pdftoppm'], 'CID TrueType (Identity CIDToGIDMap): glyph ids kept', async () => {
    const input = await fullFontPdf();
    expect(pdffonts(input)[0]).toMatchObject({ type: 'CID TrueType', sub: 'no' });
    const output = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    const [font] = pdffonts(output.bytes);
    expect(font).toMatchObject({ type: 'CID TrueType', emb: 'yes', sub: 'yes' });
    expect(pdftotext(output.bytes)).toBe(pdftotext(input));
    expect(renderDifference(input, output.bytes)).toBeLessThan(0.5);
    const [before] = await fontPrograms(input);
    const [after] = await fontPrograms(output.bytes);
    expect(after.bytes.length).toBeLessThan(before.bytes.length / 10);
    // Glyph ids stay: the glyph of "I" has the same id and an outline, and a glyph never shown is empty.
    const [original, subset] = [fontkit.create(before.bytes as Buffer), fontkit.create(after.bytes as Buffer)];
    const shown = original.glyphForCodePoint('I'.codePointAt(0)!).id;
    const unused = original.glyphForCodePoint('Z'.codePointAt(0)!).id;
    expect(subset.getGlyph(shown).path.toSVG()).toBe(original.getGlyph(shown).path.toSVG());
    expect(subset.getGlyph(unused).path.toSVG()).toBe('');
  });

  itJudgedBy(['pdffonts', 'pdftotext', 'pdftoppm'], 'OpenType (FontFile3 /OpenType) under a CIDFontType2: glyph ids kept', async () => {
    const doc = await PDFDocument.load(await fullFontPdf());
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || !object.has(PDFName.of('FontFile2'))) continue;
      const file = object.lookup(PDFName.of('FontFile2')) as PDFRawStream;
      const program = decodePDFRawStream(file).decode();
      object.set(PDFName.of('FontFile3'), doc.context.register(doc.context.flateStream(program, { Subtype: 'OpenType' })));
      object.delete(PDFName.of('FontFile2'));
    }
    const input = await doc.save();
    expect(pdffonts(input)[0]).toMatchObject({ emb: 'yes', sub: 'no' });
    const output = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    expect(pdffonts(output.bytes)[0]).toMatchObject({ emb: 'yes', sub: 'yes' });
    expect(pdftotext(output.bytes)).toBe(pdftotext(input));
    expect(renderDifference(input, output.bytes)).toBeLessThan(0.5);
    const [before] = await fontPrograms(input);
    const [after] = await fontPrograms(output.bytes);
    expect(after.key).toBe('FontFile3');
    expect(after.bytes.length).toBeLessThan(before.bytes.length / 10);
  });

  itJudgedBy(['pdffonts', 'pdftotext', 'pdftoppm'], 'simple TrueType with WinAnsi codes: the cmap still finds each glyph', async () => {
    const input = await simpleTrueTypePdf();
    expect(pdffonts(input)[0]).toMatchObject({ type: 'TrueType', emb: 'yes', sub: 'no' });
    await checkSubset(input, /^TrueType$/);
  });

  itJudgedBy(['pdffonts', 'pdftotext', 'pdftoppm'], 'simple TrueType with Differences: the glyphs the names reach are kept', async () => {
    // Codes 1, 2 and 3 stand for glyphs by name, as a producer that runs out of codes writes them.
    const input = await simpleTrueTypePdf([
      [1, 'q'],
      [2, 'eacute'],
      [3, 'idieresis'],
    ]);
    await checkSubset(input, /^TrueType$/);
  });

  itJudgedBy(['gs', 'pdffonts', 'pdftotext', 'pdftoppm'], 'simple CFF (FontFile3 /Type1C): glyph names and encoding still resolve', async () => {
    const input = await type1cPdf();
    expect(pdffonts(input)[0]).toMatchObject({ type: 'Type 1C', emb: 'yes', sub: 'no' });
    await checkSubset(input, /^Type 1C$/);
  });

  itJudgedBy(['gs', 'pdffonts', 'pdftotext', 'pdftoppm'], 'CFF in a Type0 font (CIDFontType0C, CIDs are glyph ids): glyph ids kept', async () => {
    const input = await cidCffPdf();
    expect(pdffonts(input)[0]).toMatchObject({ type: 'CID Type 0C', emb: 'yes', sub: 'no' });
    await checkSubset(input, /^CID Type 0C$/);
  });

  itJudgedBy(['gs', 'pdffonts', 'pdftotext', 'pdftoppm'], 'CID-keyed CFF (CIDFontType0C, CIDs through the charset): glyphs renumbered, CIDs kept', async () => {
    const input = await cidCffPdf(true);
    expect(pdffonts(input)[0]).toMatchObject({ type: 'CID Type 0C', emb: 'yes', sub: 'no' });
    const output = await checkSubset(input, /^CID Type 0C$/);
    // The subset is CID-keyed still and smaller than the glyph count it would need to keep glyph ids.
    const [program] = await fontPrograms(output);
    const facts = cffFacts(program.bytes)!;
    expect(facts.cidKeyed).toBe(true);
    expect(facts.glyphs).toBeLessThan(40);
  });

  itJudgedBy(['pdffonts'], 'leaves a simple font whole when a form field uses it', async () => {
    const doc = await PDFDocument.load(await simpleTrueTypePdf());
    const fontRef = (doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).values()[0];
    doc.getForm().createTextField('name').addToPage(doc.getPage(0), { x: 20, y: 10, width: 200, height: 24 });
    doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).set(PDFName.of('DR'), doc.context.obj({ Font: { DejaVu: fontRef } }));
    const input = await doc.save();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    const output = result.kept ? input : result.bytes;
    const dejavu = pdffonts(output).find((font) => font.name.endsWith('DejaVuSans'))!;
    expect(dejavu.sub).toBe('no');
    const sizes = async (bytes: Uint8Array) => (await fontPrograms(bytes)).map((program) => program.bytes.length).sort();
    expect(await sizes(output)).toEqual(await sizes(input));
  });
});
