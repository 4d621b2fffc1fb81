/**
 * EPUB to PDF: each chapter in reading (spine) order laid out on A4 pages,
 * starting on a new page, images and SVG drawings embedded and the table of
 * contents turned into PDF bookmarks. Pages of a fixed-layout book that are
 * one picture (manga, picture books), SVG pages and images in the reading
 * order become one page each, of the picture's proportions. Text of any
 * script the fonts have is drawn (see src/lib/html/to-pdf.ts); vertical
 * Japanese text is set horizontally. Characters no font has, and chapters or
 * pictures that cannot be drawn, give a Warning naming them.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { readEpub, resolvePath, type EpubChapter } from '../lib/html/epub';
import { findElement, parseHtml, textContent } from '../lib/html/parse';
import { styleSheets } from '../lib/html/svg-style';
import { HtmlRenderer, solePicture } from '../lib/html/to-pdf';
import { setOutline, type OutlineEntry } from '../lib/pdf/outline';
import { leftOutWarning } from '../lib/html/epub-warning';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** No options: manifests/pdf/epub-to-pdf.json declares none. */
export const options = z.object({});

/** Draws one chapter; returns false when it had content but none of it could be drawn. */
async function renderChapter(renderer: HtmlRenderer, chapter: EpubChapter): Promise<boolean> {
  if (chapter.kind === 'image') return renderer.picturePage({ src: chapter.path.split('/').pop() ?? '' });
  if (chapter.kind === 'svg') {
    const svg = findElement(parseHtml(chapter.html), 'svg');
    return !!svg && renderer.picturePage({ svg, css: styleSheets(chapter.html) });
  }
  if (chapter.fixed) {
    const picture = solePicture(parseHtml(chapter.html));
    if (picture?.tag === 'svg') return renderer.picturePage({ svg: picture, css: styleSheets(chapter.html) });
    if (picture) return renderer.picturePage({ src: picture.attrs.src ?? picture.attrs['xlink:href'] ?? picture.attrs.href ?? '' });
  }
  const doc = renderer.flow.doc;
  const pages = doc.getPageCount();
  const drawn = renderer.drawn;
  renderer.flow.newPage();
  await renderer.render(chapter.html);
  if (renderer.drawn > drawn) return true;
  // Nothing was drawn: the chapter's empty pages are taken out again.
  while (doc.getPageCount() > pages) doc.removePage(doc.getPageCount() - 1);
  return !/<(?:[\w-]+:)?(?:img|svg|image|object|video|math)[\s>/]/i.test(chapter.html) && !textOf(chapter.html);
}

/** The visible text of an XHTML source, to tell an empty chapter from one that could not be drawn. */
function textOf(html: string): string {
  const root = parseHtml(html);
  return textContent(findElement(root, 'body') ?? root).trim();
}

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const book = readEpub(input.name, input.bytes);
  let chapterPath = '';
  // Images are resolved against the chapter being rendered.
  const renderer = await HtmlRenderer.create(
    (src) => book.files[resolvePath(chapterPath, src)] ?? null,
    book.chapters.map((chapter) => chapter.html),
  );
  if (book.title) renderer.flow.doc.setTitle(book.title);
  const firstPage = new Map<string, number>();
  const notDrawn: string[] = [];
  for (const [index, chapter] of book.chapters.entries()) {
    throwIfAborted(ctx.signal);
    chapterPath = chapter.path;
    const pages = renderer.flow.doc.getPageCount();
    const leftOut = renderer.leftOut.length;
    const drawn = await renderChapter(renderer, chapter);
    if (renderer.flow.doc.getPageCount() > pages) firstPage.set(chapter.path, pages);
    if (!drawn || renderer.leftOut.length > leftOut) notDrawn.push(chapter.path);
    ctx.onProgress(index + 1, book.chapters.length);
  }
  if (renderer.drawn === 0) {
    throw new ToolError(runText('processors.epubToPdf.nothingDrawn', { name: input.name }));
  }
  const outline: OutlineEntry[] = book.toc.filter((entry) => firstPage.has(entry.path)).map((entry) => ({ title: entry.title, pageIndex: firstPage.get(entry.path)! }));
  setOutline(renderer.flow.doc, outline);
  const bytes = await renderer.save();
  const glyphs = renderer.warningNotice().notice;
  const notice = [leftOutWarning(notDrawn), glyphs].filter(Boolean).join(' ');
  return [{ bytes, type: 'application/pdf', meta: { pageCount: renderer.flow.doc.getPageCount(), chapters: book.chapters.length }, ...(notice ? { notice, noticeTone: 'warning' as const } : {}) }];
});
