import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { DAMAGED_PDF_SOURCES } from '../../tests/fixtures/pdf-build/damaged';
import { hiddenInformationPdf, PLACES, plainPdf, SECRET_PREFIX, SECRETS, VISIBLE_WORDS, type Place } from '../../tests/fixtures/pdf-build/hidden-information';
import { pdfPagePlacements, pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { itJudgedBy } from '../../tests/support/judges';
import { batchSupport, nodeSupport } from '../core/capability';
import { encryptedMessage, loadPdf, notPdfMessage } from '../lib/pdf/load';
import { readManifest } from '../manifests/read';
import processor, { nothingChosenFoundNote, nothingFoundNote, options } from './remove-hidden-information';

const ALL_ON = Object.fromEntries(PLACES.map((place) => [place, true])) as Record<Place, boolean>;

/** A run as the worker makes it: the raw values parsed with the processor's schema. */
async function clean(bytes: Uint8Array, raw: Partial<Record<Place, boolean>> = {}, name = 'report.pdf') {
  const [output] = await processor.run([pdfInput(bytes, name)], options.parse(raw), ctx());
  return output!;
}

/** Writes the bytes to a temporary file and runs qpdf on it; the exit code and standard output. */
function qpdf(args: (file: string, out: string) => string[], bytes: Uint8Array): { code: number; out: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hidden-'));
  const file = join(dir, 'in.pdf');
  const out = join(dir, 'out.pdf');
  writeFileSync(file, bytes);
  try {
    return { code: 0, out: execFileSync('qpdf', args(file, out), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), file: out };
  } catch (error) {
    const failure = error as { status?: number; stdout?: string };
    return { code: failure.status ?? 1, out: failure.stdout ?? '', file: out };
  }
}

/** The whole file as qpdf writes it uncompressed (QDF, no object streams), as text. */
function qdfText(bytes: Uint8Array): string {
  const run = qpdf((file, out) => ['--qdf', '--object-streams=disable', file, out], bytes);
  // 3 is success with warnings.
  expect([0, 3]).toContain(run.code);
  return readFileSync(run.file).toString('latin1');
}

/**
 * Every byte of the file as stored, with each Flate stream inflated in
 * place: this sees earlier revisions and unused objects, which qpdf's
 * rewrite leaves out.
 */
function rawText(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('latin1');
  let out = text;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      out += inflateSync(Buffer.from(bytes.subarray(start, end))).toString('latin1');
    } catch {
      // Not Flate, or not compressed at all: already in the text.
    }
  }
  return out;
}

/** The secrets of `places` found in `text`. */
const secretsIn = (text: string, places: readonly Place[] = PLACES) => places.flatMap((place) => SECRETS[place].filter((secret) => text.includes(secret)));

/** Each page's words as pdf.js extracts them. */
async function pageWords(bytes: Uint8Array): Promise<string[][]> {
  return (await pdfPageTexts(bytes)).map((text) => text.split(/\s+/).filter(Boolean));
}

describe('remove-hidden-information', () => {
  it('is described by its manifest with these messages, and its defaults tick every kind', () => {
    const tool = readManifest('remove-hidden-information');
    expect(tool.messages.noFile).toBe('Please upload a PDF file to clean.');
    expect(tool.messages.downloadFirst).toBe('Please remove hidden information from a PDF file first.');
    expect(tool.messages.success).toBe('PDF checked for hidden information!');
    expect(tool.simulation.success).toBe('PDF checked for hidden information! (mock operation)');
    expect(tool.checks[0]!.message).toBe('Please tick at least one kind of hidden information to remove.');
    expect(tool.options.map((field) => field.name)).toEqual(PLACES);
    expect(options.parse({})).toEqual(ALL_ON);
    // Folder batch, workflows and the command line run it like the other PDF tools.
    expect(batchSupport(tool)).toEqual({ ok: true });
    expect(nodeSupport(tool)).toEqual({ ok: true });
  });

  it('finds every kind the fixture hides (the baseline of the tests below)', async () => {
    const input = await hiddenInformationPdf();
    expect(secretsIn(rawText(input))).toEqual(PLACES.flatMap((place) => SECRETS[place]));
  });

  it('removes everything hidden, keeps the visible words, and says what it removed', async () => {
    const input = await hiddenInformationPdf();
    const output = await clean(input);
    expect(secretsIn(rawText(output.bytes))).toEqual([]);
    expect(rawText(output.bytes)).not.toContain(SECRET_PREFIX);

    const words = await pageWords(output.bytes);
    for (const [page, expected] of VISIBLE_WORDS.entries()) for (const word of expected) expect(words[page]).toContain(word);
    expect(words.flat().join(' ')).not.toContain('Hidden words');

    expect(output.meta).toEqual({
      pageCount: 2,
      metadata: 2,
      attachments: 2,
      scriptsAndActions: 4,
      comments: 2,
      formFields: 2,
      xfaForms: 1,
      hiddenLayers: 1,
      hiddenTextPages: 1,
      thumbnails: 1,
      privateData: 2,
      earlierRevisions: 1,
      revisions: 2,
    });
    const sentence =
      'Removed document metadata, 2 attachments, 4 scripts and actions, 2 comments, 2 form fields (flattened into the page), an XFA form, ' +
      "1 hidden layer, hidden text on 1 page, 1 page thumbnail, other programs' private data and 1 earlier revision.";
    expect(output.note).toBe(sentence);
  });

  itJudgedBy('qpdf', 'leaves no secret in the file as qpdf reads it, and passes qpdf --check', async () => {
    const output = await clean(await hiddenInformationPdf());
    const text = qdfText(output.bytes);
    expect(text).not.toContain(SECRET_PREFIX);
    expect(qpdf((file) => ['--check', file], output.bytes).code).toBe(0);
  });

  it('keeps what stays: a jump to a page, the visible layer, the page drawing of the typed field', async () => {
    const output = await clean(await hiddenInformationPdf());
    const doc = await PDFDocument.load(output.bytes);
    const page2Annots = doc.getPage(1).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(page2Annots.asArray().map((item) => doc.context.lookup(item, PDFDict).get(PDFName.of('Subtype')))).toEqual([PDFName.of('Link')]);
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('Names'))).toBeUndefined();
    // The visible layer is still a layer, and the only one.
    const layers = doc.catalog.lookup(PDFName.of('OCProperties'), PDFDict);
    expect(layers.toString()).not.toContain(SECRET_PREFIX);
    expect(layers.lookup(PDFName.of('OCGs'), PDFArray).size()).toBe(1);
  });

  it('keeps the visible words after invisible ones on the same line where they were', async () => {
    const input = await hiddenInformationPdf([]);
    const [page] = await pdfPagePlacements((await clean(input)).bytes);
    const after = page!.items.find((item) => item.str.includes('stays here'))!;
    // The line starts at x = 50 with "Hidden words " (Helvetica, 12 pt, which PDF draws without kerning) in front of the visible words.
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const hiddenWidth = [...'Hidden words '].reduce((width, char) => width + font.widthOfTextAtSize(char, 12), 0);
    expect(after.str).toBe('stays here');
    expect(after.x).toBeCloseTo(50 + hiddenWidth, 2);
    expect(after.y).toBeCloseTo(842 - 740, 1);
  });

  for (const place of PLACES) {
    it(`keeps the ${place} when that box is unticked, and removes the rest`, async () => {
      const input = await hiddenInformationPdf();
      const output = await clean(input, { [place]: false });
      const text = rawText(output.bytes);
      expect(secretsIn(text, [place])).toEqual([...SECRETS[place]]);
      // Kept earlier revisions hold every secret the file had when first saved; the update after them holds none.
      const latest = place === 'earlierRevisions' ? rawText(output.bytes.subarray(Buffer.from(output.bytes).indexOf('%%EOF'))) : text;
      expect(secretsIn(latest, PLACES.filter((other) => other !== place))).toEqual([]);
      expect(output.meta).not.toHaveProperty(place === 'scripts' ? 'scriptsAndActions' : place === 'forms' ? 'formFields' : place === 'hiddenText' ? 'hiddenTextPages' : place);
    });
  }

  it('keeps earlier revisions as they were, when asked, and replaces only the latest', async () => {
    const input = await hiddenInformationPdf();
    const output = await clean(input, { earlierRevisions: false });
    const text = Buffer.from(output.bytes).toString('latin1');
    // The first revision is the input's, byte for byte; the cleaned document follows as one update.
    const firstEnd = Buffer.from(input).toString('latin1').indexOf('%%EOF') + '%%EOF'.length;
    expect(Buffer.from(output.bytes.subarray(0, firstEnd)).equals(Buffer.from(input.subarray(0, firstEnd)))).toBe(true);
    expect(text.match(/%%EOF/g)).toHaveLength(2);
    // What a reader opens is the cleaned document.
    const words = await pageWords(output.bytes);
    for (const [page, expected] of VISIBLE_WORDS.entries()) for (const word of expected) expect(words[page]).toContain(word);
    expect(words.flat().join(' ')).not.toContain(SECRET_PREFIX);
  });

  itJudgedBy('qpdf', 'writes the kept revisions so that qpdf --check passes and reads the cleaned one', async () => {
    const output = await clean(await hiddenInformationPdf(), { earlierRevisions: false });
    expect(qpdf((file) => ['--check', file], output.bytes).code).toBe(0);
    expect(qdfText(output.bytes)).not.toContain(SECRET_PREFIX);
  });

  it('hands back the file unchanged, and says so, when nothing is hidden', async () => {
    const input = await plainPdf();
    const output = await clean(input);
    expect(output.bytes).toEqual(input);
    expect(output.note).toBe(nothingFoundNote());
    expect(output.note).toBe('No hidden information was found; the PDF is unchanged.');
    expect(output.meta).toEqual({ pageCount: 1 });
  });

  it('says when none of the kinds ticked was found', async () => {
    const input = await hiddenInformationPdf(['comments']);
    const output = await clean(await input, { comments: false, hiddenText: false });
    expect(output.bytes).toEqual(input);
    expect(output.note).toBe(nothingChosenFoundNote());
    expect(output.note).toBe('No hidden information of the kinds chosen was found; the PDF is unchanged.');
  });

  it('reports unused objects in a file saved once', async () => {
    const doc = await PDFDocument.load(await plainPdf(), { updateMetadata: false });
    doc.context.register(doc.context.stream(`BT (${SECRET_PREFIX}Orphan) Tj ET`));
    const output = await clean(await doc.save({ useObjectStreams: false }));
    expect(output.note).toBe('Removed 1 unused object.');
    expect(rawText(output.bytes)).not.toContain(SECRET_PREFIX);
  });

  it('refuses what is not a PDF, a damaged PDF and a password-protected one with the messages of every PDF tool', async () => {
    await expect(clean(NOT_A_PDF, {}, 'notes.pdf')).rejects.toThrow(notPdfMessage('notes.pdf'));
    await expect(clean(await encryptedPdf(await plainPdf(), 'secret'))).rejects.toThrow(encryptedMessage());
    const damaged = new TextEncoder().encode(DAMAGED_PDF_SOURCES['no-pages-entry']);
    const expected = await loadPdf(damaged, 'broken.pdf').then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(expected).not.toBe('opened');
    await expect(clean(damaged, {}, 'broken.pdf')).rejects.toThrow(expected);
  });
});
