/**
 * PDF to JPG: renders each page (or the chosen pages) with pdf.js and writes
 * one JPEG per page. Each output carries vars {page} (the page number in the PDF).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ProcessorContext, ToolInput, ToolOutput } from '../contract/types';
import { ToolError } from '../lib/errors';
import { mapPages, withPdfjs } from '../lib/pdf/page-loop';
import { assertPageFits, offscreenBackend, renderPageToJpeg, type RasterBackend } from '../lib/pdf/render';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** The options of manifests/pdf/pdf-to-jpg.json. */
export const options = z.object({
  /** Pixels per inch of the page; the select sends the number as text. */
  dpi: z.enum(['72', '150', '300']).transform(Number),
  /** JPEG quality in percent. */
  quality: z.number().min(10).max(100),
  /** A page list such as "1-3, 5"; blank means every page. */
  pages: z.string(),
});
export type PdfToJpgOptions = z.output<typeof options>;

/** Page numbers from a list like "1-3, 5" (blank means all), checked against the page count. */
export function parsePageList(text: string, pageCount: number): number[] {
  if (text.trim() === '') return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const start = m ? Number(m[1]) : NaN;
    const end = m?.[2] ? Number(m[2]) : start;
    if (!m || start < 1 || end < start) {
      throw new ToolError(runText('processors.pdfToJpg.badPageList', { list: text.trim() }));
    }
    if (end > pageCount) throw new ToolError(runText('processors.pdfToJpg.noSuchPage', { count: pageCount, page: end }));
    for (let p = start; p <= end; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/** The processor with a chosen canvas backend (tests pass one built on @napi-rs/canvas). */
export async function convertPdfToJpg(
  inputs: ToolInput[],
  { dpi, quality, pages }: PdfToJpgOptions,
  ctx: ProcessorContext,
  backend: RasterBackend = offscreenBackend,
): Promise<ToolOutput[]> {
  const input = firstInput(inputs);
  return withPdfjs(input, async (doc) => {
    const pageNumbers = parsePageList(pages, doc.numPages);
    // Every chosen page is checked before any is drawn, so an oversized page fails fast.
    for (const n of pageNumbers) assertPageFits(await doc.getPage(n), dpi);
    return mapPages(
      doc,
      ctx,
      async (page): Promise<ToolOutput> => {
        const image = await renderPageToJpeg(page, { dpi, quality: quality / 100, backend });
        const n = page.pageNumber;
        return { bytes: image.bytes, type: 'image/jpeg', vars: { page: n }, meta: { page: n, width: image.width, height: image.height } };
      },
      pageNumbers,
    );
  });
}

export default defineProcessor(options, (inputs, values, ctx) => convertPdfToJpg(inputs, values, ctx));
