/**
 * Redact PDF: blacks out the areas the visitor drew and every match of the
 * search (email addresses, phone numbers, words and phrases), so that what
 * was under them is gone from the file, not hidden. Each page with something
 * to redact becomes a picture of itself (drawn by pdf.js at 200 DPI) with the
 * boxes painted into the pixels, plus the words that were not redacted as
 * invisible text, so they stay selectable and searchable. Pages with nothing
 * to redact are kept as they are. The document information and XMP metadata
 * are removed on request. Before returning, the output is read back with
 * pdf.js; if any redacted text can still be extracted, the run fails.
 */
import { PDFName } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ProcessorContext, ToolInput, ToolOutput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { withPdfjs } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { offscreenBackend, type RasterBackend } from '../lib/pdf/render';
import { annotationBox, annotationTexts } from '../lib/pdf/redact-annotations';
import { assertNothingSurvives, findSurvivors, type PageExpectation } from '../lib/pdf/redact-check';
import { findRanges, parseWordList, searchesAnything, type RedactSearch } from '../lib/pdf/redact-find';
import type { Rect } from '../lib/pdf/redact-geometry';
import { planPage, type PagePlan } from '../lib/pdf/redact-plan';
import { renderRedactedPage } from '../lib/pdf/redact-raster';
import { helveticaWidth, removeMetadata, TextLayerFonts, writeRedactedPage } from '../lib/pdf/redact-write';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';

const fraction = z.number().min(0).max(1);

/** The options of manifests/pdf/redact-pdf.json, and the areas the view draws. */
export const options = z.object({
  emails: z.boolean().default(false),
  phones: z.boolean().default(false),
  /** Words and phrases separated by commas or new lines. */
  words: z.string().default(''),
  removeMetadata: z.boolean().default(true),
  /** Boxes drawn on 0-based pages, as fractions 0..1 of the page as displayed, from its top-left. */
  redactions: z
    .array(
      z
        .object({ page: z.number().int().min(0), x: fraction, y: fraction, width: fraction, height: fraction })
        .transform((box) => ({ ...box, width: Math.min(1 - box.x, box.width), height: Math.min(1 - box.y, box.height) })),
    )
    .default([]),
});
export type RedactPdfOptions = z.output<typeof options>;

export const NOTHING_TO_REDACT_MESSAGE =
  'Nothing to redact. Please draw boxes over what to remove, or choose what to search for: email addresses, phone numbers or your own words.';
export const NOTHING_FOUND_MESSAGE =
  'Nothing to redact was found: the PDF has none of the email addresses, phone numbers or words searched for. If it is a scan, run OCR PDF first, or draw boxes over what to remove.';
/** More pages than this would take minutes to draw at 200 DPI in a browser. */
export const MAX_PAGES = 500;

/** The redaction with a chosen canvas backend (Node tests pass one built on @napi-rs/canvas). */
export async function redactPdf(inputs: ToolInput[], options: RedactPdfOptions, ctx: ProcessorContext, backend: RasterBackend = offscreenBackend): Promise<ToolOutput[]> {
  const input = firstInput(inputs);
  const search: RedactSearch = { emails: options.emails, phones: options.phones, words: parseWordList(options.words) };
  const areas = options.redactions.filter((box) => box.width > 0.001 && box.height > 0.001);
  if (areas.length === 0 && !searchesAnything(search)) throw new ToolError(NOTHING_TO_REDACT_MESSAGE);

  const doc = await loadPdf(input.bytes, input.name);
  const pageCount = doc.getPageCount();
  if (pageCount > MAX_PAGES) throw new ToolError(`This PDF has ${pageCount} pages; Redact PDF takes up to ${MAX_PAGES}. Please split it first.`);
  const beyond = areas.find((box) => box.page >= pageCount);
  if (beyond) throw new ToolError(`A box was drawn on page ${beyond.page + 1}, but this PDF has ${pageCount} pages. Please draw the boxes again.`);

  const fonts = new TextLayerFonts(doc);
  const latin = await fonts.latin();
  const widthOf = helveticaWidth(latin.font, latin.has);
  const pages = doc.getPages();
  const expectations: PageExpectation[] = [];
  let found = 0;
  let redactedPages = 0;

  await withPdfjs(input, async (pdf) => {
    ctx.onProgress(0, pageCount);
    for (let index = 0; index < pageCount; index++) {
      throwIfAborted(ctx.signal);
      const page = await pdf.getPage(index + 1);
      try {
        const viewport = page.getViewport({ scale: 1 });
        const drawn: Rect[] = areas
          .filter((box) => box.page === index)
          .map((box) => ({ x: box.x * viewport.width, y: box.y * viewport.height, width: box.width * viewport.width, height: box.height * viewport.height }));
        // A comment or filled field that the search finds is blacked out whole, like a drawn box.
        for (const annotation of await annotationTexts(page)) {
          const matches = findRanges(annotation.text, search).length;
          if (matches > 0) drawn.push(annotationBox(annotation.rect, viewport));
          found += matches;
        }
        const plan: PagePlan = planPage(await pageTextItems(page), drawn, search, viewport.transform, widthOf);
        found += plan.found.length;
        if (plan.boxes.length > 0) {
          const picture = await renderRedactedPage(page, plan.boxes, backend);
          await writeRedactedPage(doc, pages[index]!, picture.jpeg, plan.kept, fonts);
          expectations.push({ page: index, removedWords: plan.removedWords, keptText: plan.kept.map((run) => run.text).join('\n') });
          redactedPages++;
        }
      } finally {
        page.cleanup();
      }
      ctx.onProgress(index + 1, pageCount);
    }
  });
  if (redactedPages === 0) throw new ToolError(NOTHING_FOUND_MESSAGE);

  // The structure tree can hold alternate and actual text of what was redacted.
  doc.catalog.delete(PDFName.of('StructTreeRoot'));
  doc.catalog.delete(PDFName.of('MarkInfo'));
  if (options.removeMetadata) removeMetadata(doc);
  // Also drops every object no page uses any more, so the old content is not left in the file.
  stripActiveContent(doc);
  const bytes = await doc.save({ useObjectStreams: true });

  throwIfAborted(ctx.signal);
  assertNothingSurvives(await findSurvivors(bytes, input.name, search, expectations));
  return [{ bytes, type: 'application/pdf', meta: { pageCount, redactedPages, matches: found, areas: areas.length } }];
}

export default defineProcessor(options, (inputs, values, ctx) => redactPdf(inputs, values, ctx));
