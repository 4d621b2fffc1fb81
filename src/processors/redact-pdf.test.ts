import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { itJudgedBy } from '../../tests/support/judges';
import { ToolError } from '../lib/errors';
import { assertNothingSurvives, survivorsOnPage } from '../lib/pdf/redact-check';
import { ctx, pdfInput } from '../../tests/fixtures/pdf/make';
import { napiBackend } from '../../tests/fixtures/pdf-text/napi-backend';
import { formPdf } from '../../tests/fixtures/pdf-build/forms';
import { KEPT_WORDS, picturePdf, PROPERTIES, SECRETS, secretsPdf } from '../../tests/fixtures/pdf-build/redact';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderPage } from '../../tests/fixtures/pdf-build/render';
import { nothingFoundMessage, nothingToRedactMessage, options, redactPdf as run } from './redact-pdf';

/** A run as the worker makes it: the manifest's defaults overridden by `raw`, parsed with the schema. */
const redact = async (bytes: Uint8Array, raw: Record<string, unknown>) => {
  const [output] = await run([pdfInput(bytes)], options.parse(raw), ctx(), napiBackend);
  return output!.bytes;
};

const ALL_SECRETS = [...SECRETS.emails, ...SECRETS.phones, ...SECRETS.words];
const SEARCH_ALL = { emails: true, phones: true, words: SECRETS.words.join(', ') };

/** Writes bytes to a temporary file and runs a command-line program (a judge, see tests/support/judges.ts) on it. */
function runTool(program: string, args: (file: string) => string[], bytes: Uint8Array): { code: number; out: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'redact-')), 'out.pdf');
  writeFileSync(file, bytes);
  try {
    return { code: 0, out: execFileSync(program, args(file), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { status?: number; stdout?: string };
    if (failure.code === 'ENOENT') throw new Error(`${program} is not installed`);
    return { code: failure.status ?? 1, out: failure.stdout ?? '' };
  }
}

/** Text with runs of white space made one space, as a reader copies it. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('redact-pdf', () => {
  it('removes every email, phone number and word searched for, and keeps the other words extractable (pdf.js)', async () => {
    const input = await secretsPdf();
    const before = squash((await pdfPageTexts(input)).join('\n'));
    for (const secret of ALL_SECRETS) expect(before).toContain(secret);

    const output = await redact(input, SEARCH_ALL);
    const pages = (await pdfPageTexts(output)).map(squash);
    expect(pages).toHaveLength(2);
    for (const secret of [...ALL_SECRETS, 'Falcon', 'jane.doe', '4567', '7946']) expect(pages.join('\n')).not.toContain(secret);
    for (const word of KEPT_WORDS) expect(pages.join('\n')).toContain(word);
    // The date on page 2 is not a phone number, and that page is left as it was.
    expect(pages[1]).toContain('2024-10-12');
  });

  itJudgedBy('pdftotext', 'leaves nothing for pdftotext either', async () => {
    const output = await redact(await secretsPdf(), SEARCH_ALL);
    const text = runTool('pdftotext', (file) => [file, '-'], output);
    expect(text.code).toBe(0);
    const squashed = squash(text.out);
    for (const secret of [...ALL_SECRETS, 'Falcon', 'jane.doe']) expect(squashed).not.toContain(secret);
    for (const word of KEPT_WORDS) expect(squashed).toContain(word);
  });

  itJudgedBy('qpdf', 'passes qpdf --check', async () => {
    const output = await redact(await secretsPdf(), { ...SEARCH_ALL, redactions: [{ page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }] });
    const check = runTool('qpdf', (file) => ['--check', file], output);
    expect(check.code).toBe(0);
  });

  it('turns the pixels under a box black and leaves the other pixels as they were', async () => {
    const input = await picturePdf();
    // Over the top half of the red picture (x 50..200, y 50..250 pt from the top): 60..190 x 60..150 pt.
    const box = { page: 0, x: 60 / 400, y: 60 / 400, width: 130 / 400, height: 90 / 400 };
    const output = await redact(input, { redactions: [box] });
    const [before, after] = [await renderPage(input), await renderPage(output)];
    const near = (a: number[], b: number[]) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]!) < 40);
    // Inside the box: was red, now black.
    expect(near(before.at(0.3, 0.25), [255, 0, 0])).toBe(true);
    expect(near(after.at(0.3, 0.25), [0, 0, 0])).toBe(true);
    expect(near(after.at(0.17, 0.17), [0, 0, 0])).toBe(true);
    // Outside it: red below the box, blue, green vector art and white are unchanged.
    for (const [fx, fy] of [[0.3, 0.5], [0.7, 0.3], [0.5, 0.8], [0.05, 0.05], [0.9, 0.95]] as const) {
      expect(near(after.at(fx, fy), before.at(fx, fy))).toBe(true);
    }
    // The caption below the box stays selectable.
    expect(squash((await pdfPageTexts(output))[0]!)).toContain('Caption under the pictures');
  });

  it('takes the words under a box out of the text layer, as whole words', async () => {
    const input = await secretsPdf();
    // The first line, "Quarterly report for the board.", at 50 pt from the left, baseline 62 pt from the top.
    const box = { page: 0, x: 45 / 595, y: 48 / 842, width: 50 / 595, height: 18 / 842 };
    const text = squash((await pdfPageTexts(await redact(input, { redactions: [box] })))[0]!);
    expect(text).not.toContain('Quarterly');
    expect(text).toContain('report for the board.');
    // A box over part of a word takes the whole word: here the end of "Quarterly" and the start of "report".
    const wider = { ...box, width: 62 / 595 };
    const narrow = squash((await pdfPageTexts(await redact(input, { redactions: [wider] })))[0]!);
    expect(narrow).not.toMatch(/Quarterly|report|eport/);
    expect(narrow).toContain('for the board.');
    expect(text).toContain(SECRETS.emails[0]);
  });

  it('removes the document properties and XMP when asked, and keeps them otherwise', async () => {
    const input = await secretsPdf();
    const removed = await PDFDocument.load(await redact(input, { ...SEARCH_ALL, removeMetadata: true }), { updateMetadata: false });
    expect([removed.getTitle(), removed.getAuthor(), removed.getSubject(), removed.getKeywords(), removed.getCreator(), removed.getProducer()]).toEqual(
      Array(6).fill(undefined),
    );
    expect(removed.catalog.get(PDFName.of('Metadata'))).toBeUndefined();

    const kept = await PDFDocument.load(await redact(input, { ...SEARCH_ALL, removeMetadata: false }), { updateMetadata: false });
    expect([kept.getTitle(), kept.getAuthor(), kept.getSubject(), kept.getCreator(), kept.getProducer()]).toEqual([
      PROPERTIES.title,
      PROPERTIES.author,
      PROPERTIES.subject,
      PROPERTIES.creator,
      PROPERTIES.producer,
    ]);
  });

  itJudgedBy('pdftotext', 'finds an email in a filled form field, blacks the field out and leaves the other page\'s fields working', async () => {
    const input = await formPdf({ twoPages: true });
    // The address is only a field value: not in the page text, yet in what readers show and copy.
    expect((await pdfPageTexts(input)).join('\n')).not.toContain('ada@example.org');
    expect(runTool('pdftotext', (file) => [file, '-'], input).out).toContain('ada@example.org');
    const output = await redact(input, { emails: true });
    const text = runTool('pdftotext', (file) => [file, '-'], output);
    expect(text.out).not.toContain('ada@example.org');
    expect(text.out).toContain('Second page note');
    const form = (await PDFDocument.load(output)).getForm();
    expect(form.getTextField('notes').getText()).toBe('Second page note');
    expect(form.getFields().map((field) => field.getName())).not.toContain('email');
  });

  it('keeps pages with nothing to redact as they were (no picture)', async () => {
    const doc = await PDFDocument.load(await redact(await secretsPdf(), SEARCH_ALL));
    const xobjects = (index: number) => doc.getPage(index).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0;
    expect(xobjects(0)).toBe(1);
    expect(xobjects(1)).toBe(0);
  });

  it('says there is nothing to redact without boxes or search, and when the search finds nothing', async () => {
    const input = await secretsPdf();
    await expect(redact(input, {})).rejects.toThrow(new ToolError(nothingToRedactMessage()));
    await expect(redact(input, { words: ' , ' })).rejects.toThrow(new ToolError(nothingToRedactMessage()));
    await expect(redact(input, { words: 'Pterodactyl' })).rejects.toThrow(new ToolError(nothingFoundMessage()));
    await expect(redact(input, { redactions: [{ page: 5, x: 0, y: 0, width: 0.5, height: 0.5 }] })).rejects.toThrow(/page 6, but this PDF has 2 pages/);
  });

  it('the self-check finds redacted text that is still there, and fails the run with a ToolError', () => {
    const search = { emails: true, phones: false, words: ['Falcon'] };
    const pieces = [{ str: 'Mail jane.doe@example.com about Falcon', hasEOL: true }, { str: 'Secret plans' }];
    expect(survivorsOnPage(pieces, search)).toEqual(['jane.doe@example.com', 'Falcon']);
    // "Secret" was under a box; the kept text has no "Secret", so one on the page is a survivor.
    expect(survivorsOnPage(pieces, { emails: false, phones: false, words: [] }, { page: 0, removedWords: ['Secret'], keptText: 'plans' })).toEqual(['Secret']);
    // A word that was also kept elsewhere on the page is fine as often as it was kept.
    expect(survivorsOnPage(pieces, { emails: false, phones: false, words: [] }, { page: 0, removedWords: ['plans'], keptText: 'Secret plans' })).toEqual([]);
    expect(survivorsOnPage([{ str: 'Nothing here' }], search)).toEqual([]);
    expect(() => assertNothingSurvives([{ page: 2, text: 'Falcon' }])).toThrow(ToolError);
    expect(() => assertNothingSurvives([{ page: 2, text: 'Falcon' }])).toThrow(/"Falcon" on page 2/);
    expect(() => assertNothingSurvives([])).not.toThrow();
  });
});
