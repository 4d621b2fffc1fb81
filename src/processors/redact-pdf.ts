/**
 * Redact PDF: blacks out the areas the visitor drew and every match of the
 * search (email addresses, phone numbers, words and phrases), so that what
 * was under them is gone from the file, not hidden. Each page with something
 * to redact becomes a picture of itself (drawn by pdf.js at 200 DPI) with the
 * boxes painted into the pixels, plus the words that were not redacted as
 * invisible text, so they stay selectable and searchable. Pages with nothing
 * to redact are kept as they are.
 *
 * Names and numbers under a drawn box are searched for too, so the same words
 * go from every other page and from the places outside pages (bookmarks,
 * attachments, comments, form data, labels, metadata...: see
 * redact-document.ts). The document information and XMP metadata are removed
 * whole on request. Before returning, the saved file is searched afresh and
 * its boxes drawn again (redact-check.ts); if anything is left, the run fails.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ProcessorContext, ToolInput, ToolOutput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { withPdfjs } from '../lib/pdf/page-loop';
import { glyphWidths, pageTextItems } from '../lib/pdf/pdfjs';
import { offscreenBackend, type RasterBackend } from '../lib/pdf/render';
import { annotationBox, annotationTexts } from '../lib/pdf/redact-annotations';
import { assertNothingSurvives, findSurvivors, searchSavedFile, unpaintedBoxes, type PageBoxes, type PageExpectation } from '../lib/pdf/redact-check';
import { DOCUMENT_REMOVERS, removeFromDocument, Terms, type DocumentRemover } from '../lib/pdf/redact-document';
import { findRanges, parseWordList, searchesAnything, type RedactSearch } from '../lib/pdf/redact-find';
import type { Rect, WidthOf } from '../lib/pdf/redact-geometry';
import { planPage, type PlanItem } from '../lib/pdf/redact-plan';
import { renderRedactedPage } from '../lib/pdf/redact-raster';
import { advanceWidth, removeMetadata, TextLayerFonts, writeRedactedPage } from '../lib/pdf/redact-write';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

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

export const nothingToRedactMessage = () => runText('processors.redactPdf.nothingToRedact');
export const nothingFoundMessage = () => runText('processors.redactPdf.nothingFound');
/** More pages than this would take minutes to draw at 200 DPI in a browser. */
export const MAX_PAGES = 500;

/**
 * The words under the boxes that are searched for everywhere else too: names
 * and numbers (a capital letter or a digit, three characters or more), not
 * the small words a box happens to cover.
 */
export function boxedTerms(removedWords: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const word of removedWords) {
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare.length >= 3 && /[\p{Lu}\p{N}]/u.test(bare)) terms.add(bare);
  }
  return [...terms];
}

/** What one page of the input holds for the plan: its text, the areas drawn on it, its placement. */
interface PageRead {
  items: PlanItem[];
  areas: Rect[];
  /** Visible comments and filled fields, each with its text and box. */
  notes: { text: string; box: Rect }[];
  transform: number[];
  /** Each character's advance in the page's own fonts. */
  widthOf: WidthOf;
}

function afterNote(removed: readonly string[], unwritten: number): string | undefined {
  const parts: string[] = [];
  if (removed.length > 0) parts.push(runText('processors.redactPdf.alsoRemoved', { items: removed.join(', ') }));
  if (unwritten > 0) parts.push(runText('processors.redactPdf.unwritten', { count: unwritten }));
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * The redaction with a chosen canvas backend (Node tests pass one built on
 * @napi-rs/canvas) and the places outside pages to clean (tests leave one out
 * to see the check catch it).
 */
export async function redactPdf(
  inputs: ToolInput[],
  options: RedactPdfOptions,
  ctx: ProcessorContext,
  backend: RasterBackend = offscreenBackend,
  removers: readonly DocumentRemover[] = DOCUMENT_REMOVERS,
): Promise<ToolOutput[]> {
  const input = firstInput(inputs);
  const asked: RedactSearch = { emails: options.emails, phones: options.phones, words: parseWordList(options.words) };
  const areas = options.redactions.filter((box) => box.width > 0.001 && box.height > 0.001);
  if (areas.length === 0 && !searchesAnything(asked)) throw new ToolError(nothingToRedactMessage());

  const doc = await loadPdf(input.bytes, input.name);
  const pageCount = doc.getPageCount();
  if (pageCount > MAX_PAGES) throw new ToolError(runText('processors.redactPdf.tooManyPages', { count: pageCount, max: MAX_PAGES }));
  const beyond = areas.find((box) => box.page >= pageCount);
  if (beyond) throw new ToolError(runText('processors.redactPdf.boxBeyondPages', { page: beyond.page + 1, count: pageCount }));

  const fonts = new TextLayerFonts(doc);
  const latin = await fonts.latin();
  const pages = doc.getPages();
  const expectations: PageExpectation[] = [];
  const painted: PageBoxes[] = [];
  let search = asked;
  let found = 0;
  let unwritten = 0;

  await withPdfjs(input, async (pdf) => {
    ctx.onProgress(0, pageCount);
    // First every page is read, so the words under the boxes are known before any page is planned.
    const read: PageRead[] = [];
    const underBoxes: string[] = [];
    for (let index = 0; index < pageCount; index++) {
      throwIfAborted(ctx.signal);
      const page = await pdf.getPage(index + 1);
      try {
        const viewport = page.getViewport({ scale: 1 });
        const drawn: Rect[] = areas
          .filter((box) => box.page === index)
          .map((box) => ({ x: box.x * viewport.width, y: box.y * viewport.height, width: box.width * viewport.width, height: box.height * viewport.height }));
        const notes = (await annotationTexts(page)).map((a) => ({ text: a.text, box: annotationBox(a.rect, viewport) }));
        const items = await pageTextItems(page);
        const widthOf = advanceWidth(latin.font, latin.has, await glyphWidths(page));
        if (drawn.length > 0) underBoxes.push(...planPage(items, drawn, { emails: false, phones: false, words: [] }, viewport.transform, widthOf).removedWords);
        read.push({ items, areas: drawn, notes, transform: viewport.transform, widthOf });
      } finally {
        page.cleanup();
      }
    }
    search = { ...asked, words: [...asked.words, ...boxedTerms(underBoxes)] };

    for (let index = 0; index < pageCount; index++) {
      throwIfAborted(ctx.signal);
      const { items, areas: drawn, notes, transform, widthOf } = read[index]!;
      // A comment or filled field that the search finds is blacked out whole, like a drawn box.
      const boxes = [...drawn];
      for (const note of notes) {
        const matches = findRanges(note.text, search).length;
        if (matches > 0) boxes.push(note.box);
        found += matches;
      }
      const plan = planPage(items, boxes, search, transform, widthOf);
      found += plan.found.length;
      if (plan.boxes.length > 0) {
        const page = await pdf.getPage(index + 1);
        try {
          const picture = await renderRedactedPage(page, boxes, plan.matches, backend);
          unwritten += await writeRedactedPage(doc, pages[index]!, picture.jpeg, plan.kept, fonts);
          expectations.push({ page: index, removedWords: plan.removedWords, keptText: plan.kept.map((run) => run.text).join('\n') });
          painted.push({ page: index, boxes: picture.boxes });
        } finally {
          page.cleanup();
        }
      }
      ctx.onProgress(index + 1, pageCount);
    }
  });
  // A search that no page shows may still be in a bookmark, an attachment or the metadata.
  if (painted.length === 0 && (await searchSavedFile(input.bytes, search)).length === 0) throw new ToolError(nothingFoundMessage());

  const removed = removeFromDocument(doc, new Terms(search), removers);
  if (options.removeMetadata) removeMetadata(doc);
  // Also drops every object no page uses any more, so the old content is not left in the file.
  stripActiveContent(doc);
  const bytes = await doc.save({ useObjectStreams: true });

  throwIfAborted(ctx.signal);
  assertNothingSurvives([
    ...(await findSurvivors(bytes, input.name, search, expectations)),
    ...(await searchSavedFile(bytes, search)),
    ...(await unpaintedBoxes(bytes, input.name, painted, backend)),
  ]);
  const note = afterNote(removed, unwritten);
  return [{ bytes, type: 'application/pdf', meta: { pageCount, redactedPages: painted.length, matches: found, areas: areas.length }, ...(note ? { note } : {}) }];
}

export default defineProcessor(options, (inputs, values, ctx) => redactPdf(inputs, values, ctx));
