/**
 * How much of the text in real PDFs Edit PDF can change: for each PDF in a
 * folder (default /work/shared/corpus/pdf), the first page's text runs (PDFium
 * text objects, at most MAX_RUNS spread over the page; PAGES first pages) are each given new
 * text of the same length (the run's own characters reversed, so the font has
 * every glyph) through the processor's text-edit code, one run at a time. A run
 * counts as editable when the output reads back with the new text and pdf.js
 * renders no pixel differently outside the run's old and new boxes. Prints a
 * line per file and the totals. Run with `tsx scripts/edit-text-corpus.ts [folder]`.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { renderRgba } from '../tests/fixtures/pdf-build/render.ts';

const folder = process.argv[2] ?? '/work/shared/corpus/pdf';
const MAX_RUNS = Number(process.env.MAX_RUNS ?? 12);
/** How many first pages of each file. */
const PAGES = Number(process.env.PAGES ?? 1);
const SCALE = 1;
/** Pixels (at SCALE) around each box that may change: anti-aliasing of the glyph edges. */
const MARGIN = 2;
/**
 * Also counted apart: runs whose only changes elsewhere are this few pixels,
 * the anti-aliased edge of a neighbouring run whose position PDFium wrote back
 * rounded (342.969 as 342.96899).
 */
const SPECKS = 5;

const server = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
const { loadPdfium } = (await server.ssrLoadModule('/src/lib/pdf/pdfium.ts')) as typeof import('../src/lib/pdf/pdfium.ts');
const { readTextRuns, applyTextEdits } = (await server.ssrLoadModule('/src/lib/pdf/pdfium-text.ts')) as typeof import('../src/lib/pdf/pdfium-text.ts');
const pdfium = await loadPdfium();

type Box = { x: number; y: number; width: number; height: number };

/** The run's letters in reverse order with its spaces where they were (a font without a space glyph still draws it). */
function sameLength(text: string): string {
  const chars = [...text];
  const letters = chars.filter((c) => !/\s/u.test(c));
  const reversed = letters.slice().reverse();
  if (reversed.join('') === letters.join('')) reversed.push(reversed.shift()!);
  let at = 0;
  return chars.map((c) => (/\s/u.test(c) ? c : reversed[at++]!)).join('');
}

function changedOutside(a: { width: number; height: number; data: Uint8ClampedArray }, b: typeof a, boxes: Box[]): number {
  if (a.width !== b.width || a.height !== b.height) return a.width * a.height;
  const px = boxes.map((k) => [k.x * a.width - MARGIN, k.y * a.height - MARGIN, (k.x + k.width) * a.width + MARGIN, (k.y + k.height) * a.height + MARGIN]);
  let outside = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const d = Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
      if (d <= 24) continue;
      if (!px.some(([x0, y0, x1, y1]) => x >= x0! && x <= x1! && y >= y0! && y <= y1!)) outside++;
    }
  }
  return outside;
}

const totals = { files: 0, unreadable: 0, noText: 0, runs: 0, tried: 0, ok: 0, notReadBack: 0, renderChanged: 0, specksOnly: 0, failed: 0, fallback: 0 };
for (const name of readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) {
  totals.files++;
  const bytes = new Uint8Array(readFileSync(join(folder, name)));
  for (let pageIndex = 0; pageIndex < PAGES; pageIndex++) {
    let runs;
    let before;
    try {
      runs = readTextRuns(pdfium, bytes, [pageIndex], name);
      if (pageIndex > 0 && runs.length === 0) break;
      before = await renderRgba(bytes, pageIndex, SCALE);
    } catch (error) {
      if (pageIndex > 0) break;
      totals.unreadable++;
      console.log(`${name}: not readable (${(error as Error).message.slice(0, 80)})`);
      break;
    }
    totals.runs += runs.length;
    if (runs.length === 0) {
      totals.noText++;
      console.log(`${name}: no text objects on page ${pageIndex + 1}`);
      continue;
    }
    const step = Math.max(1, Math.ceil(runs.length / MAX_RUNS));
    const chosen = runs.filter((_, i) => i % step === 0).slice(0, MAX_RUNS);
    const line = { ok: 0, notReadBack: 0, renderChanged: 0, failed: 0 };
    for (const run of chosen) {
      totals.tried++;
      const text = sameLength(run.text);
      try {
        const out = await applyTextEdits(pdfium, bytes, [{ page: pageIndex, index: run.index, was: run.text, bounds: run.bounds, text }], name);
        if (out.fallbacks.length > 0) totals.fallback++;
        const after = readTextRuns(pdfium, out.bytes, [pageIndex], name);
        const edited = after.find((r) => r.index === run.index && r.text.replace(/\s+/g, ' ').trim() === text.replace(/\s+/g, ' ').trim()) ?? after.find((r) => r.text.trim() === text.trim());
        if (!edited) {
          line.notReadBack++;
          continue;
        }
        const rendered = await renderRgba(out.bytes, pageIndex, SCALE);
        const outside = changedOutside(before, rendered, [run.box, edited.box]);
        if (outside === 0) line.ok++;
        else {
          line.renderChanged++;
          if (outside <= SPECKS) totals.specksOnly++;
          if (process.env.VERBOSE) console.log(`  ${name} #${run.index} "${run.text.slice(0, 30)}": ${outside} pixels changed elsewhere`);
        }
      } catch (error) {
        line.failed++;
        if (process.env.VERBOSE) console.log(`  ${name} #${run.index}: ${(error as Error).message}`);
      }
    }
    totals.ok += line.ok;
    totals.notReadBack += line.notReadBack;
    totals.renderChanged += line.renderChanged;
    totals.failed += line.failed;
    console.log(`${name} p${pageIndex + 1}: ${runs.length} runs, tried ${chosen.length}: ${line.ok} ok, ${line.notReadBack} not read back, ${line.renderChanged} changed elsewhere, ${line.failed} failed`);
  }
}
console.log(JSON.stringify(totals));
const share = (n: number) => `${n}/${totals.tried} runs tried (${((100 * n) / Math.max(1, totals.tried)).toFixed(1)}%)`;
console.log(`editable with the page unchanged elsewhere: ${share(totals.ok)}`);
console.log(`editable with at most ${SPECKS} pixels changed elsewhere: ${share(totals.ok + totals.specksOnly)}`);
console.log(`set in a fallback font: ${share(totals.fallback)}`);
await server.close();
