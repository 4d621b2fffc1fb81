/**
 * Redact PDF against every place a PDF can hide text: for each, a generated
 * file shows a name on page 1 and hides it once more there. The name is
 * redacted by search and by a box over it; the output is then judged by
 * programs that are not ours (qpdf writes it out uncompressed, pdftotext reads
 * its text), and the check Redact PDF makes on its own output is shown to
 * catch each place when the removal of that place is left out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ctx, pdfInput } from '../../tests/fixtures/pdf/make';
import { HIDDEN_NAME, HIDING_PLACES, hidingPlacePdf, nameBox, PAGE_ONE_KEPT, type HidingPlace } from '../../tests/fixtures/pdf-build/hiding-places';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderRgba } from '../../tests/fixtures/pdf-build/render';
import { napiBackend } from '../../tests/fixtures/pdf-text/napi-backend';
import { itJudgedBy } from '../../tests/support/judges';
import { searchSavedFile, unpaintedBoxes } from '../lib/pdf/redact-check';
import { DOCUMENT_REMOVERS } from '../lib/pdf/redact-document';
import { nothingFoundMessage, options, redactPdf } from './redact-pdf';

const MODES = {
  'searched words': async () => ({ words: HIDDEN_NAME }),
  'a box': async () => ({ redactions: [await nameBox()] }),
};
type Mode = keyof typeof MODES;

async function redact(bytes: Uint8Array, raw: Record<string, unknown>, removers = DOCUMENT_REMOVERS) {
  const [output] = await redactPdf([pdfInput(bytes)], options.parse(raw), ctx(), napiBackend, removers);
  return output!;
}

function judge(program: string, args: string[]): string {
  return execFileSync(program, args, { encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

/** The ways the name can be written in a PDF's bytes once every stream is decoded. */
const NAME_FORMS = HIDDEN_NAME.split(' ').flatMap((word) => {
  const utf16 = Buffer.from(word, 'utf16le').swap16();
  return [word, utf16.toString('latin1'), utf16.toString('hex'), Buffer.from(word).toString('hex')];
});

/** Where qpdf, with every stream decoded and no object streams, still finds any part of the name. */
function leftInFile(pdf: Uint8Array): string[] {
  const out = `${saved(pdf)}.qdf`;
  judge('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', saved(pdf), out]);
  const text = readFileSync(out).toString('latin1').toLowerCase();
  return NAME_FORMS.filter((form) => text.includes(form.toLowerCase()));
}

function saved(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'places-')), 'out.pdf');
  writeFileSync(file, pdf);
  return file;
}

const pdftotext = (pdf: Uint8Array) => judge('pdftotext', [saved(pdf), '-']).replace(/\s+/g, ' ');

describe('redact-pdf leaves the name in no place', () => {
  for (const mode of Object.keys(MODES) as Mode[]) {
    for (const place of HIDING_PLACES) {
      itJudgedBy(['qpdf', 'pdftotext'], `${place}, redacted by ${mode}`, async () => {
        const input = await hidingPlacePdf(place);
        const before = new Uint8Array(input);
        const output = await redact(input, await MODES[mode]());
        expect(input).toEqual(before);
        expect(leftInFile(output.bytes)).toEqual([]);
        const text = pdftotext(output.bytes);
        expect(text).not.toMatch(/Quil|Marsh/i);
        for (const word of PAGE_ONE_KEPT) expect(text).toContain(word);
        judge('qpdf', ['--check', saved(output.bytes)]);
        const doc = await PDFDocument.load(output.bytes);
        expect(doc.getPageCount()).toBe(2);
        for (const page of doc.getPages()) expect(page.node.has(PDFName.of('Thumb'))).toBe(false);
      });
    }
  }
});

/**
 * The removers that would each take the name out of a place on their own:
 * leaving all of them out must leave it in. The other places go with the
 * page they are on (its picture replaces its content, comments and fields),
 * or are dropped whole from every redacted file (scripts, the structure tree's
 * place in the catalog, earlier revisions).
 */
const REMOVED_BY: Partial<Record<HidingPlace, string[]>> = {
  'bookmark title': ['titles, labels, names and metadata'],
  attachment: ['attachments', 'titles, labels, names and metadata'],
  'named destination': ['titles, labels, names and metadata'],
  'page label': ['titles, labels, names and metadata'],
  'document title': ['titles, labels, names and metadata'],
  'XMP metadata': ['titles, labels, names and metadata'],
  'hidden comment': ['comments, links and form fields', 'titles, labels, names and metadata'],
  'form value': ['comments, links and form fields', 'titles, labels, names and metadata'],
  'XFA data': ['XFA form data', 'titles, labels, names and metadata'],
  'link target': ['comments, links and form fields', 'titles, labels, names and metadata'],
  'structure tree alternate text': ['structure tree', 'titles, labels, names and metadata'],
  'layer name': ['titles, labels, names and metadata'],
  'private application data': ['thumbnails and private application data', 'titles, labels, names and metadata'],
};

describe('the check after redaction', () => {
  for (const [place, removers] of Object.entries(REMOVED_BY)) {
    it(`stops the run when the removal from the ${place} is left out`, async () => {
      const left = DOCUMENT_REMOVERS.filter((remover) => !removers.includes(remover.place));
      expect(left.length).toBe(DOCUMENT_REMOVERS.length - removers.length);
      const input = await hidingPlacePdf(place as HidingPlace);
      // Document properties are removed whole by default; here the name must be taken out of them as from any other text.
      await expect(redact(input, { words: HIDDEN_NAME, removeMetadata: false }, left)).rejects.toThrow(/Redaction stopped.*Quillon Marsh/);
      await expect(redact(input, { words: HIDDEN_NAME, removeMetadata: false })).resolves.toBeTruthy();
    });
  }

  for (const place of HIDING_PLACES.filter((p) => p !== 'thumbnail')) {
    it(`finds the name in the file with it in the ${place}`, async () => {
      const found = await searchSavedFile(await hidingPlacePdf(place), { emails: false, phones: false, words: [HIDDEN_NAME] });
      expect(found.length).toBeGreaterThan(0);
    });
  }

  it('finds a box whose pixels are not black', async () => {
    const input = await hidingPlacePdf('bookmark title');
    const box = await nameBox();
    const inPoints = { x: box.x * 595, y: box.y * 842, width: box.width * 595, height: box.height * 842 };
    expect(await unpaintedBoxes(input, 'in.pdf', [{ page: 0, boxes: [inPoints] }], napiBackend)).toHaveLength(1);
    const output = await redact(input, { redactions: [box] });
    expect(await unpaintedBoxes(output.bytes, 'out.pdf', [{ page: 0, boxes: [inPoints] }], napiBackend)).toEqual([]);
  });

  it('takes no word of the PDF format for text: /Text, /Link, /MediaBox and /Font are names, not words anyone reads', async () => {
    const input = await hidingPlacePdf('comment on another page');
    await expect(redact(input, { words: 'Text, Annot, Link, MediaBox, Font' })).rejects.toThrow(nothingFoundMessage());
    const output = await redact(input, { words: `${HIDDEN_NAME}, Text, Annot, MediaBox, Font, Helvetica` });
    expect((await PDFDocument.load(output.bytes)).getPageCount()).toBe(2);
  });

  it('says what it removed whole', async () => {
    const output = await redact(await hidingPlacePdf('attachment'), { words: HIDDEN_NAME });
    expect(output.note).toContain('the attached file "contacts.txt"');
    const xfa = await redact(await hidingPlacePdf('XFA data'), { words: HIDDEN_NAME });
    expect(xfa.note).toContain('the XFA form data');
  });
});

describe('the box over a match', () => {
  it('covers every glyph as drawn, in a font other than the one the estimate uses', async () => {
    // Courier's letters all advance 0.6 em: by Helvetica's proportions, where W and M are wide and i and l narrow, the name would start three letters later.
    const line = 'WWMM Quillon Marsh illi';
    const at = line.indexOf('Quillon');
    const draw = async (text: string) => {
      const doc = await PDFDocument.create();
      const page = doc.addPage([400, 200]);
      page.drawText(text, { x: 20, y: 100, size: 16, font: await doc.embedFont(StandardFonts.Courier) });
      return doc.save();
    };
    const output = await redact(await draw(line), { words: HIDDEN_NAME });
    // The name alone, at the same place: monospaced, so spaces stand in for the letters before it.
    const alone = await renderRgba(await draw(' '.repeat(at) + HIDDEN_NAME), 0, 3);
    const after = await renderRgba(output.bytes, 0, 3);
    // Every pixel of the name's outline as drawn, gaps between letters included, must be black.
    const bounds = { x0: Infinity, y0: Infinity, x1: -1, y1: -1 };
    for (let i = 0; i < alone.data.length; i += 4) {
      if (alone.data[i]! > 128) continue;
      const x = (i / 4) % alone.width;
      const y = Math.floor(i / 4 / alone.width);
      Object.assign(bounds, { x0: Math.min(bounds.x0, x), y0: Math.min(bounds.y0, y), x1: Math.max(bounds.x1, x), y1: Math.max(bounds.y1, y) });
    }
    expect(bounds.x1 - bounds.x0).toBeGreaterThan(200);
    let showing = 0;
    for (let y = bounds.y0; y <= bounds.y1; y++) {
      for (let x = bounds.x0; x <= bounds.x1; x++) if (after.data[(y * after.width + x) * 4]! > 100) showing++;
    }
    expect(showing).toBe(0);
    const [text] = await pdfPageTexts(output.bytes);
    expect(text).toMatch(/WWMM\s+illi/);
    expect(text).not.toContain('Quillon');
  });
});
