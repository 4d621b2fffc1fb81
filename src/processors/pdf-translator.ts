/**
 * PDF Translator: writes the translated PDF. The translation itself happens
 * in the page, with the browser's on-device Translator, which exists on the
 * main thread only; the page sends the result here as plain options.
 * The translations of each page's paragraphs arrive in the order
 * pageParagraphs (src/lib/pdf/translate-layout.ts) finds them; pages without
 * text may be left out. Japanese and Chinese (or any CJK text) use the CJK font.
 * Meta: pageCount of the output.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ProcessorContext, ToolInput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadFontBytes } from '../lib/fonts/embed';
import { loadCjkFontBytes } from '../lib/fonts/cjk';
import { damagedPdfMessage, loadPdf } from '../lib/pdf/load';
import { mapPdfPages } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { hasCjk, pageParagraphs, readTranslated, type TranslatedPage } from '../lib/pdf/translate-layout';
import { drawOverPage, embedSubset, reflowDocument, type PageWork } from '../lib/pdf/translate-pdf';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const notTranslatedMessage = () => runText('processors.pdfTranslator.notTranslated');
export const mismatchMessage = () => runText('processors.pdfTranslator.mismatch');
export const noTextMessage = () => runText('processors.pdfTranslator.noText');

export const options = z.object({
  /** The language translated into (manifest field). */
  targetLanguage: z.enum(['en', 'es', 'fr', 'de', 'ja', 'zh']),
  /** Over the original pages (true) or a reflowed document (false) (manifest field). */
  maintainLayout: z.boolean(),
  /** Sent by the view once the page has translated the text; absent before that. */
  translated: z.array(z.object({ page: z.number(), paragraphs: z.array(z.string()) })).optional(),
});

/** Targets whose scripts DejaVu Sans lacks. */
const CJK_TARGETS = new Set(['ja', 'zh']);

type SourcePage = Omit<PageWork, 'translations'>;

/** Every page's paragraphs and visible size, read with pdf.js; progress runs over the first half. */
function readSource(input: ToolInput, ctx: ProcessorContext): Promise<SourcePage[]> {
  const firstHalf = { signal: ctx.signal, onProgress: (done: number, total: number) => ctx.onProgress(done, 2 * total) };
  return mapPdfPages(input, firstHalf, async (page) => {
    const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
    const turned = page.rotate % 180 !== 0;
    const [w, h] = [Math.abs(x1 - x0), Math.abs(y1 - y0)];
    return { paragraphs: pageParagraphs(await pageTextItems(page)), size: turned ? [h, w] : [w, h], view: page.view };
  });
}

/** Pairs each page's paragraphs with the translations sent for it; throws when they do not line up. */
function pairUp(source: SourcePage[], option: TranslatedPage[] | undefined): PageWork[] {
  if (option === undefined) throw new ToolError(notTranslatedMessage());
  const translated = readTranslated(option, source.length);
  if (!translated) throw new ToolError(mismatchMessage());
  if (source.every((p) => p.paragraphs.length === 0)) throw new ToolError(noTextMessage());
  const work = source.map((page, i) => {
    const translations = translated.get(i + 1) ?? [];
    if (translations.length !== page.paragraphs.length) throw new ToolError(mismatchMessage());
    return { ...page, translations };
  });
  if (work.every((p) => p.translations.every((t) => t.trim() === ''))) throw new ToolError(notTranslatedMessage());
  return work;
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const source = await readSource(input, ctx);
  const work = pairUp(source, options.translated);
  const total = work.length;
  const cjk = CJK_TARGETS.has(options.targetLanguage) || work.some((p) => p.translations.some(hasCjk));
  const fontBytes = cjk ? await loadCjkFontBytes() : await loadFontBytes('regular');
  throwIfAborted(ctx.signal);
  const onPage = (n: number) => ctx.onProgress(total + n, 2 * total);
  let doc;
  if (!options.maintainLayout) {
    doc = await reflowDocument(work, fontBytes, onPage);
  } else {
    doc = await loadPdf(input.bytes, input.name);
    if (doc.getPageCount() !== total) throw new ToolError(damagedPdfMessage(input.name));
    const font = await embedSubset(doc, fontBytes);
    work.forEach((page, i) => {
      drawOverPage(doc!, i, page, font);
      onPage(i + 1);
    });
  }
  throwIfAborted(ctx.signal);
  doc.setProducer('FileDesk');
  const bytes = await doc.save({ useObjectStreams: true });
  return [{ bytes, type: 'application/pdf', meta: { pageCount: doc.getPageCount() } }];
});
