/**
 * Measurement over real-world PDFs, run by hand with `npm run corpus:pptx`
 * (its own Vitest config, vitest.corpus.config.ts). For every PDF in
 * ../shared/corpus/pdf it converts the file and reports the words missing
 * from and extra in the slides against pdf.js's words of the input, how much
 * of each slide picture differs from a render of the page with every
 * text-showing operation skipped (text still painted under the text boxes,
 * or graphics lost; Type3 and clipping text stay painted on purpose), and any
 * failure that is not a ToolError. Not part of the test suite, which must
 * not need the corpus.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { describe, it } from 'vitest';
import { isToolError } from '../src/lib/errors';
import { loadPdfjs, openPdfjs, type PDFPageProxy } from '../src/lib/pdf/pdfjs';
import { pagePixelSize } from '../src/lib/pdf/render';
import { napiBackend, readPixels } from './fixtures/pdf-text/napi-backend';
import { pdfjsPageWords, slideWords, slideXmls, wordDifference } from './fixtures/pdf-text/pptx-words';
import { convertPdfToPowerpoint } from '../src/processors/pdf-to-powerpoint';

/** PPTX_CORPUS_DIR measures another folder of PDFs the same way. */
const CORPUS = process.env.PPTX_CORPUS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/pdf');
/** Share of differing pixels above which a slide picture counts as not matching the text-free page (JPEG noise stays far below). */
const PICTURE_TOLERANCE = 0.002;

/** Slide pictures of a .pptx in slide order. */
function slidePictures(pptx: Uint8Array): Uint8Array[] {
  const files = unzipSync(pptx);
  return slideXmls(pptx).map((_, i) => {
    const rels = strFromU8(files[`ppt/slides/_rels/slide${i + 1}.xml.rels`]!);
    const target = /Target="\.\.\/media\/([^"]+)"/.exec(rels)![1]!;
    return files[`ppt/media/${target}`]!;
  });
}

/** Renders a page with every text-showing operation of the render's own operator list skipped: the page without any text. */
async function renderWithoutText(page: PDFPageProxy, dpi: number): Promise<Uint8Array> {
  const { OPS } = await loadPdfjs();
  const { width, height } = pagePixelSize(page, dpi);
  const canvas = napiBackend.create(width, height);
  const task = page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    viewport: page.getViewport({ scale: dpi / 72 }),
    background: 'rgb(255,255,255)',
    // Indices of page.getOperatorList() need not match the render's list, so the render's own list is read.
    operationsFilter: (i) => (task as unknown as { _internalRenderTask: { operatorList: { fnArray: number[] } } })._internalRenderTask.operatorList.fnArray[i] !== OPS.showText,
  });
  await task.promise;
  return napiBackend.toJpeg(canvas, 0.9);
}

/** Share of pixels (0..1) whose luma differs by more than 64 between each slide picture and a text-free render of its page. */
async function pictureDifference(pdf: Uint8Array, pictures: Uint8Array[]): Promise<number[]> {
  const opened = await openPdfjs(pdf, 'input.pdf');
  try {
    const out: number[] = [];
    for (let n = 1; n <= opened.doc.numPages && n <= pictures.length; n++) {
      const page = await opened.doc.getPage(n);
      const slide = await readPixels(pictures[n - 1]!);
      const dpi = (150 * slide.width) / Math.round(page.getViewport({ scale: 150 / 72 }).width);
      const reference = await readPixels(await renderWithoutText(page, dpi));
      let differing = 0;
      const w = Math.min(slide.width, reference.width);
      const h = Math.min(slide.height, reference.height);
      for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) if (Math.abs(slide.luma(x, y) - reference.luma(x, y)) > 64) differing++;
      out.push(differing / Math.max(1, Math.ceil(w / 2) * Math.ceil(h / 2)));
      page.cleanup();
    }
    return out;
  } finally {
    await opened.destroy();
  }
}

if (!existsSync(CORPUS)) throw new Error(`No PDFs to measure: ${CORPUS} does not exist (set PPTX_CORPUS_DIR).`);

describe('pdf-to-powerpoint on the corpus', () => {
  it('reports words missing and extra, text left in the pictures and generic failures', async () => {
    const rows: Record<string, unknown>[] = [];
    for (const name of readdirSync(CORPUS).filter((f) => f.endsWith('.pdf')).sort()) {
      const bytes = new Uint8Array(readFileSync(path.join(CORPUS, name)));
      const row: Record<string, unknown> = { name };
      try {
        const expected = (await pdfjsPageWords(bytes).catch(() => [] as string[][])).flat();
        const started = Date.now();
        const [out] = await convertPdfToPowerpoint([{ name, type: 'application/pdf', bytes }], { signal: new AbortController().signal, onProgress: () => {} }, napiBackend);
        row.ms = Date.now() - started;
        const actual = slideXmls(out!.bytes).flatMap(slideWords);
        const { missing, extra } = wordDifference(expected, actual);
        Object.assign(row, { words: expected.length, missing: missing.length, extra: extra.length, sampleMissing: [...new Set(missing)].slice(0, 40), sampleExtra: [...new Set(extra)].slice(0, 40) });
        const diffs = await pictureDifference(bytes, slidePictures(out!.bytes));
        row.maxPictureDiff = Number(Math.max(0, ...diffs).toFixed(4));
        row.pagesDiffering = diffs.filter((d) => d > PICTURE_TOLERANCE).length;
      } catch (error) {
        row.error = isToolError(error) ? `ToolError: ${error.message}` : `GENERIC: ${String(error)}`;
      }
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    const withText = rows.filter((r) => Number(r.words ?? 0) > 0);
    const summary = {
      files: rows.length,
      withText: withText.length,
      matching: withText.filter((r) => r.missing === 0 && r.extra === 0).length,
      missing: rows.reduce((s, r) => s + Number(r.missing ?? 0), 0),
      extra: rows.reduce((s, r) => s + Number(r.extra ?? 0), 0),
      filesWithPicturesDiffering: rows.filter((r) => Number(r.pagesDiffering ?? 0) > 0).length,
      pagesDiffering: rows.reduce((s, r) => s + Number(r.pagesDiffering ?? 0), 0),
      toolErrors: rows.filter((r) => String(r.error ?? '').startsWith('ToolError')).length,
      generic: rows.filter((r) => String(r.error ?? '').startsWith('GENERIC')).length,
    };
    console.log(JSON.stringify(summary));
    writeFileSync(process.env.PPTX_CORPUS_OUT ?? '/tmp/pptx-corpus.json', JSON.stringify({ summary, rows }, null, 1));
  }, 900_000);
});
