/**
 * The text of a chosen PDF on the main thread, as paragraphs per page, for
 * the browser's Translator (which pages have and workers may not). The
 * paragraphs come from pageParagraphs, the function the PDF Translator
 * processor runs in its worker on the same pdf.js items, so both sides
 * number them alike. As in the worker, CMaps (needed by many Chinese and
 * Japanese PDFs) and standard fonts are served from the site's own copy of
 * pdf.js's data files, and pdf.js's worker script is a Vite `?url` asset.
 */
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { looksLikePdf, notPdfMessage } from '../../lib/pdf/messages';
import { PreviewError, previewProblem } from '../../lib/pdf/preview';
import { pageParagraphs, type TranslatedPage } from '../../lib/pdf/translate-layout';

const ASSETS = import.meta.glob('../../../node_modules/pdfjs-dist/{cmaps,standard_fonts}/*.{bcmap,pfb,ttf}', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const FOLDER_OF_KIND: Record<string, string> = { cMapUrl: 'cmaps', standardFontDataUrl: 'standard_fonts' };

/** Hands pdf.js the site's copy of each CMap or standard font it asks for. */
class SiteDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = ASSETS[`../../../node_modules/pdfjs-dist/${FOLDER_OF_KIND[kind] ?? kind}/${filename}`];
    if (!url) throw new Error(`No bundled pdf.js file ${kind}/${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * Every page of `file` with its paragraphs (empty for a page without text).
 * Throws PreviewError with the project's messages for a file that is not a
 * PDF, is damaged or is password-protected.
 */
export async function readPdfParagraphs(file: File): Promise<TranslatedPage[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new PreviewError({ message: notPdfMessage(file.name) });
  const [lib, { default: workerUrl }] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  lib.GlobalWorkerOptions.workerSrc ||= workerUrl;
  const task = lib.getDocument({
    data: bytes,
    // Names only: the factory maps each requested file to its bundled asset.
    cMapUrl: 'cmaps/',
    standardFontDataUrl: 'standard_fonts/',
    useWorkerFetch: false,
    BinaryDataFactory: SiteDataFactory,
    isEvalSupported: false,
    verbosity: 0,
    stopAtErrors: false,
  } as Parameters<typeof lib.getDocument>[0]);
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw new PreviewError(previewProblem(error, file.name));
    });
    const pages: TranslatedPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is TextItem => 'str' in item);
      pages.push({ page: n, paragraphs: pageParagraphs(items).map((p) => p.text) });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
