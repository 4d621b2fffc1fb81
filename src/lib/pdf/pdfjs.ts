/**
 * Loads pdf.js once for both places our processors run: the site's module
 * Web Worker (modern build, no DOM) and Node under Vitest (legacy build).
 *
 * Worker choice: in the browser, pdf.js's parser runs in a nested module
 * worker that we start ourselves from the site's own copy of
 * pdf.worker.min.mjs (imported with Vite's ?url) and hand over as
 * GlobalWorkerOptions.workerPort. Running the parser in-thread (the "fake
 * worker") is not possible here: pdf.worker.mjs notices it was loaded in a
 * worker scope and attaches itself to that scope, posting a "ready" message
 * that our engine's bridge would take for a crashed run. A nested worker is
 * terminated together with ours when a run ends or is cancelled.
 *
 * Binary data (standard fonts, CMaps, wasm decoders) comes from the site's
 * own origin: the files are pulled from node_modules through Vite's glob
 * import as emitted assets, and a small factory hands pdf.js the right file
 * (pdf.js asks our side for them because useWorkerFetch is off).
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { ToolError } from '../errors';
import { noPagesReason, damagedPdfError } from './damage';
import { damagedPdfMessage, encryptedMessage, looksLikePdf, notPdfMessage, unlockLink } from './load';
import { assertStreamsFit } from './stream-bytes';

export type { PDFDocumentProxy, PDFPageProxy, TextItem };
type PdfjsModule = typeof import('pdfjs-dist');

/** Asset URLs of pdf.js's data files, keyed by their path; Vite emits each file with the site's build. */
const ASSETS = import.meta.glob('../../../node_modules/pdfjs-dist/{cmaps,standard_fonts,wasm}/*.{bcmap,pfb,ttf,wasm}', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const FOLDER_OF_KIND: Record<string, string> = {
  cMapUrl: 'cmaps',
  standardFontDataUrl: 'standard_fonts',
  wasmUrl: 'wasm',
};

/** The site URL of a pdf.js data file, by pdf.js's kind ("standardFontDataUrl", "cMapUrl", "wasmUrl") and file name. */
export function bundledAssetUrl(kind: string, filename: string): string | undefined {
  const folder = FOLDER_OF_KIND[kind];
  return folder ? ASSETS[`../../../node_modules/pdfjs-dist/${folder}/${filename}`] : undefined;
}

/** Serves pdf.js's font, CMap and wasm requests from the bundled assets. */
class SiteBinaryDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = bundledAssetUrl(kind, filename);
    if (!url) throw new Error(`No bundled pdf.js file ${kind}/${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** Scratch canvases for pdf.js (masks, patterns, groups); a worker has no document to create <canvas>. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** SVG filters need a DOM; without one, pdf.js's own Node behaviour (no filter) is used. */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  destroy() {}
}

interface Runtime {
  lib: PdfjsModule;
  params: Record<string, unknown>;
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
let runtime: Promise<Runtime> | undefined;

async function loadNode(): Promise<Runtime> {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { pathToFileURL } = process.getBuiltinModule('node:url');
  const { dirname } = process.getBuiltinModule('node:path');
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  // File URLs, not bare names, so the bundler leaves this Node-only branch out of the site.
  // In Node the worker module does not attach itself to a scope, so pdf.js runs it in-thread.
  const lib = (await import(/* @vite-ignore */ pathToFileURL(`${root}/legacy/build/pdf.mjs`).href)) as PdfjsModule;
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(
    /* @vite-ignore */ pathToFileURL(`${root}/legacy/build/pdf.worker.mjs`).href
  );
  return {
    lib,
    params: { standardFontDataUrl: `${root}/standard_fonts/`, cMapUrl: `${root}/cmaps/`, wasmUrl: `${root}/wasm/` },
  };
}

async function loadBrowser(): Promise<Runtime> {
  const [lib, { default: workerUrl }] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  // Resolved against this module, since the URL is root-relative and a worker's own base may differ.
  lib.GlobalWorkerOptions.workerPort ??= new Worker(new URL(workerUrl, import.meta.url), { type: 'module', name: 'pdf.js' });
  return {
    lib,
    params: {
      // Names only: the factory maps each requested file to its bundled asset.
      standardFontDataUrl: 'standard_fonts/',
      cMapUrl: 'cmaps/',
      wasmUrl: 'wasm/',
      useWorkerFetch: false,
      BinaryDataFactory: SiteBinaryDataFactory,
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
      // FontFace loading needs document.fonts; glyphs drawn as paths work on any canvas.
      disableFontFace: true,
      useSystemFonts: false,
      isImageDecoderSupported: false,
    },
  };
}

/** The pdf.js module for this environment, loaded once. */
export function loadPdfjs(): Promise<PdfjsModule> {
  return getRuntime().then((r) => r.lib);
}

function getRuntime(): Promise<Runtime> {
  runtime ??= isNode ? loadNode() : loadBrowser();
  return runtime;
}

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  /** Frees the document (and, in Node, its in-thread worker); safe to call more than once. */
  destroy(): Promise<void>;
}

/**
 * Opens a PDF with pdf.js, throwing the project's ToolError messages for a
 * non-PDF, damaged or password-protected file. The caller's bytes are copied
 * because pdf.js transfers (detaches) the buffer it is given.
 */
export async function openPdfjs(bytes: Uint8Array, name: string): Promise<OpenedPdf> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new ToolError(notPdfMessage(name));
  // pdf.js inflates streams as it opens and draws the file, with no ceiling.
  assertStreamsFit(bytes);
  const { lib, params } = await getRuntime();
  const task = lib.getDocument({
    ...params,
    data: bytes.slice(),
    isEvalSupported: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const kind = error instanceof Error ? error.name : '';
    if (kind === 'PasswordException') throw new ToolError(encryptedMessage(), unlockLink());
    throw damagedPdfError(name, error) ?? new ToolError(damagedPdfMessage(name));
  }
  if (doc.numPages < 1) {
    await task.destroy();
    throw new ToolError(damagedPdfMessage(name, noPagesReason()));
  }
  return { doc, destroy: () => task.destroy() };
}

/** The text items of a page (marked-content markers left out). */
export async function pageTextItems(page: PDFPageProxy): Promise<TextItem[]> {
  const content = await page.getTextContent();
  return content.items.filter((item): item is TextItem => 'str' in item);
}

/**
 * The PDF font names (such as "Helvetica-BoldOblique") behind the loaded
 * font ids that text items carry. pdf.js hands fonts to this side only while
 * building the operator list, so that is fetched first.
 */
export async function pageFontNames(page: PDFPageProxy): Promise<Map<string, string>> {
  await page.getOperatorList();
  const names = new Map<string, string>();
  const content = await page.getTextContent();
  for (const item of content.items) {
    if (!('fontName' in item) || names.has(item.fontName)) continue;
    try {
      const font = page.commonObjs.get(item.fontName) as { name?: string } | undefined;
      names.set(item.fontName, font?.name ?? '');
    } catch {
      names.set(item.fontName, '');
    }
  }
  return names;
}

/** Text render modes that paint glyphs without adding them to the clip (fill, stroke, fill+stroke). */
const PAINTED_TEXT_MODES = new Set([0, 1, 2]);

/**
 * Which operations of a page draw visible text, so a render can leave the
 * text out (for editable text placed over the picture of the page). Text
 * that clips or is invisible (an OCR layer over a scan) is left alone.
 */
export async function textOperations(page: PDFPageProxy): Promise<{ visibleText: Set<number>; invisibleTextCount: number }> {
  const { OPS } = await loadPdfjs();
  const shows = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  const list = await page.getOperatorList();
  const visibleText = new Set<number>();
  let invisibleTextCount = 0;
  let mode = 0;
  const stack: number[] = [];
  list.fnArray.forEach((fn, i) => {
    if (fn === OPS.save) stack.push(mode);
    else if (fn === OPS.restore) mode = stack.pop() ?? 0;
    else if (fn === OPS.setTextRenderingMode) mode = Number((list.argsArray[i] as unknown[] | null)?.[0] ?? 0);
    else if (shows.has(fn)) {
      if (PAINTED_TEXT_MODES.has(mode)) visibleText.add(i);
      else if (mode === 3) invisibleTextCount++;
    }
  });
  return { visibleText, invisibleTextCount };
}

/**
 * The advance width of each character as each font on the page draws it
 * (glyph units, 1000 to the em), by font id as text items carry it. Read from
 * the glyphs pdf.js lays out for the page's text operators, so it is the
 * font's own metrics, not an estimate.
 */
export async function glyphWidths(page: PDFPageProxy): Promise<Map<string, Map<string, number>>> {
  const { OPS } = await loadPdfjs();
  const list = await page.getOperatorList();
  const fonts = new Map<string, Map<string, number>>();
  let current: Map<string, number> | undefined;
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.setFont) {
      const id = String(args?.[0] ?? '');
      current = fonts.get(id) ?? new Map();
      fonts.set(id, current);
    } else if (fn === OPS.showText && current && Array.isArray(args?.[0])) {
      for (const glyph of args[0] as unknown[]) {
        const { unicode, width } = (glyph ?? {}) as { unicode?: unknown; width?: unknown };
        if (typeof unicode === 'string' && unicode.length > 0 && typeof width === 'number' && width >= 0) current.set(unicode, width);
      }
    }
  });
  return fonts;
}
