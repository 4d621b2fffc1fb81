/**
 * pdf.js on the main thread, for page counts and thumbnails while the visitor
 * chooses pages. The library is imported on first use, so pages that never
 * show a PDF never download it, and its worker script comes from the site's
 * own origin (a Vite `?url` asset), never from a CDN.
 */
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import { damagedPdfMessage, encryptedMessage, looksLikePdf, notPdfMessage, unlockLink } from './messages';

export type { PDFDocumentProxy };
type Pdfjs = typeof import('pdfjs-dist');

let loaded: Promise<{ lib: Pdfjs; worker: PDFWorker }> | undefined;

/** Loads pdf.js once and starts one worker that every preview shares (merge can show ten files). */
function loadPreviewPdfjs(): Promise<{ lib: Pdfjs; worker: PDFWorker }> {
  loaded ??= (async () => {
    const [lib, workerUrl] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    lib.GlobalWorkerOptions.workerSrc = workerUrl.default;
    return { lib, worker: new lib.PDFWorker() };
  })();
  // A failed load (offline after an update, say) may be retried with the next file.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** A user-facing problem with a previewed file, with the optional Unlock PDF link. */
export interface PreviewProblem {
  message: string;
  link?: { href: string; label: string };
}

/** The message for a pdf.js open failure: password-protected, else damaged. */
export function previewProblem(error: unknown, name: string): PreviewProblem {
  const kind = error instanceof Error ? error.name : '';
  if (kind === 'PasswordException') return { message: encryptedMessage(), link: unlockLink() };
  return { message: damagedPdfMessage(name) };
}

export class PreviewError extends Error {
  constructor(readonly problem: PreviewProblem) {
    super(problem.message);
    this.name = 'PreviewError';
  }
}

export interface PreviewDocument {
  doc: PDFDocumentProxy;
  pageCount: number;
  /** Frees the document in the shared worker; safe to call twice. */
  close(): Promise<void>;
}

/** Opens a chosen file for previews; throws PreviewError with the project's messages. */
export async function openPreview(file: File): Promise<PreviewDocument> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new PreviewError({ message: notPdfMessage(file.name) });
  const { lib, worker } = await loadPreviewPdfjs();
  // pdf.js transfers the buffer it is given; `bytes` is ours alone, so no copy is needed.
  const task = lib.getDocument({ data: bytes, worker, isEvalSupported: false, verbosity: 0, stopAtErrors: false });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) throw new Error('No pages');
    return { doc, pageCount: doc.numPages, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw new PreviewError(previewProblem(error, file.name));
  }
}

/** The scale that fits a page of this size (points) in a `size` x `size` CSS-pixel box. */
export function fitScale(pageWidth: number, pageHeight: number, size: number): number {
  const longest = Math.max(pageWidth, pageHeight);
  return longest > 0 && size > 0 ? size / longest : 1;
}

/** Device pixels per CSS pixel for canvases: sharp on dense screens, capped so large previews stay cheap. */
export function canvasPixelRatio(ratio: number | undefined): number {
  return Math.min(Math.max(ratio ?? 1, 1), 2);
}
