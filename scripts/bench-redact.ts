/**
 * Redaction benchmark: first the table of hiding places (a generated file
 * per place, the name redacted by search and by a box, then judged by qpdf
 * with every stream decoded: clean or not), then seconds per page of Redact
 * PDF on a generated 20-page text PDF (a name and an email address searched
 * for on every page) and on a generated 20-page scan (a box drawn on every
 * page), in Node with the same processor code as the site (pages drawn by
 * pdf.js on @napi-rs/canvas at 200 DPI, the check after redaction included).
 * Prints numbers only. Run with `npm run bench:redact`.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createServer } from 'vite';
import '../tests/setup/offscreen-canvas.ts';
import { napiBackend } from '../tests/fixtures/pdf-text/napi-backend.ts';
import { SAMPLE_TEXT, scannedPdf } from '../tests/fixtures/scanned-pdf.ts';
import { HIDDEN_NAME, HIDING_PLACES, hidingPlacePdf, nameBox } from '../tests/fixtures/pdf-build/hiding-places.ts';

const PAGES = 20;
const NAME = 'Quillon Marsh';
const server = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
const { redactPdf, options } = (await server.ssrLoadModule('/src/processors/redact-pdf.ts')) as typeof import('../src/processors/redact-pdf.ts');
const ctx = { signal: new AbortController().signal, onProgress: () => {} };

/** A4 pages of 11 pt Helvetica, about 45 lines each, with the name and an email address on each. */
async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 45; line++) {
      const text = line === 10 ? `Prepared for ${NAME}, reachable at q.marsh@example.com, page ${p + 1}.` : SAMPLE_TEXT[line % SAMPLE_TEXT.length]!;
      page.drawText(text.slice(0, 95), { x: 40, y: 800 - line * 17, size: 11, font });
    }
  }
  return doc.save();
}

async function time(label: string, bytes: Uint8Array, raw: Record<string, unknown>): Promise<void> {
  const started = performance.now();
  const [output] = await redactPdf([{ name: 'bench.pdf', type: 'application/pdf', bytes }], options.parse(raw), ctx, napiBackend);
  const seconds = (performance.now() - started) / 1000;
  const meta = output!.meta as { redactedPages: number };
  console.log(
    `${label}: ${seconds.toFixed(1)} s for ${PAGES} pages, ${(seconds / PAGES).toFixed(2)} s/page ` +
      `(${meta.redactedPages} pages redacted; ${(bytes.length / 1e6).toFixed(1)} MB in, ${(output!.bytes.length / 1e6).toFixed(1)} MB out)`,
  );
}

/** Whether qpdf, every stream decoded, finds any word of the name (or its UTF-16 form) in the file. */
function holdsName(pdf: Uint8Array): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'bench-redact-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  const text = readFileSync(join(dir, 'out.pdf')).toString('latin1').toLowerCase();
  return HIDDEN_NAME.split(' ').some((word) => {
    const utf16 = Buffer.from(word, 'utf16le').swap16();
    return [word, utf16.toString('latin1'), utf16.toString('hex')].some((form) => text.includes(form.toLowerCase()));
  });
}

if (spawnSync('qpdf', ['--version']).status === 0) {
  console.log('| hiding place | in the input | searched words | a box |\n|---|---|---|---|');
  for (const place of HIDING_PLACES) {
    const input = await hidingPlacePdf(place);
    const cells = [holdsName(input) ? 'name there' : 'not as text'];
    for (const raw of [{ words: HIDDEN_NAME }, { redactions: [await nameBox()] }]) {
      const [output] = await redactPdf([{ name: 'in.pdf', type: 'application/pdf', bytes: input }], options.parse(raw), ctx, napiBackend);
      cells.push(holdsName(output!.bytes) ? 'LEFT' : 'clean');
    }
    console.log(`| ${place} | ${cells.join(' | ')} |`);
  }
} else {
  console.log('qpdf is not installed: the table of hiding places is left out.');
}

const lines = Array.from({ length: 30 }, (_, i) => (i === 5 ? `Prepared for ${NAME} on file.` : SAMPLE_TEXT[i % SAMPLE_TEXT.length]!.slice(0, 70)));
const scan = await scannedPdf(Array.from({ length: PAGES }, () => lines));
await time('20-page text PDF, search', await textPdf(), { words: NAME, emails: true });
const boxes = Array.from({ length: PAGES }, (_, page) => ({ page, x: 0.08, y: 0.2, width: 0.5, height: 0.04 }));
await time('20-page scan, a box on each page', scan.bytes, { redactions: boxes });
await server.close();
