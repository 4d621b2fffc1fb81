/**
 * EPUB to PDF: each chapter in reading (spine) order laid out on A4 pages,
 * starting on a new page, images embedded and the table of contents turned
 * into PDF bookmarks. Text of any script the fonts have is drawn (see
 * src/lib/html/to-pdf.ts); characters no font has give a Warning naming them.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { readEpub, resolvePath } from '../lib/html/epub';
import { HtmlRenderer } from '../lib/html/to-pdf';
import { setOutline, type OutlineEntry } from '../lib/pdf/outline';

/** No options: manifests/pdf/epub-to-pdf.json declares none. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload an EPUB file to convert.');
  const book = readEpub(input.name, input.bytes);
  let chapterPath = '';
  // Images are resolved against the chapter being rendered.
  const renderer = await HtmlRenderer.create(
    (src) => book.files[resolvePath(chapterPath, src)] ?? null,
    book.chapters.map((chapter) => chapter.html),
  );
  if (book.title) renderer.flow.doc.setTitle(book.title);
  const firstPage = new Map<string, number>();
  for (const [index, chapter] of book.chapters.entries()) {
    throwIfAborted(ctx.signal);
    chapterPath = chapter.path;
    renderer.flow.newPage();
    firstPage.set(chapter.path, renderer.flow.doc.getPageCount() - 1);
    await renderer.render(chapter.html);
    ctx.onProgress(index + 1, book.chapters.length);
  }
  const outline: OutlineEntry[] = book.toc.filter((entry) => firstPage.has(entry.path)).map((entry) => ({ title: entry.title, pageIndex: firstPage.get(entry.path)! }));
  setOutline(renderer.flow.doc, outline);
  const bytes = await renderer.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: renderer.flow.doc.getPageCount(), chapters: book.chapters.length }, ...renderer.warningNotice() }];
});
