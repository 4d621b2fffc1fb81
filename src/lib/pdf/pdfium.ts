/**
 * PDFium compiled to WebAssembly (@embedpdf/pdfium), for what pdf-lib and
 * pdf.js cannot do: reading a page's text objects and rewriting them in
 * place. The module and its 4.6 MB .wasm load only when a caller asks for
 * them: in the browser the .wasm is a Vite `?url` asset served by the site
 * itself (never the package's CDN default), in Node it is read from
 * node_modules. One instance per page or worker; documents are closed by
 * their callers.
 */
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import wasmUrl from '@embedpdf/pdfium/pdfium.wasm?url';
import { runText } from '../i18n/run-messages';

export type Pdfium = WrappedPdfiumModule;

/** Called with the share of the engine downloaded so far (0 to 1). */
export type LoadProgress = (fraction: number) => void;

export const engineLoadFailedMessage = (): string => runText('run.textEdit.engineLoadFailed');

function isNode(): boolean {
  // Browsers and workers have no `process`; Node and test runners do.
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function readFromDisk(): Promise<Uint8Array> {
  // Module names in variables keep the bundler from pulling Node built-ins into the browser build.
  const fsName = 'node:fs/promises';
  const moduleName = 'node:module';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const { createRequire } = (await import(/* @vite-ignore */ moduleName)) as typeof import('node:module');
  // Resolved from the working folder, as the other engines' files are: tests, scripts and the command line run from the project.
  const require = createRequire(`${process.cwd()}/package.json`);
  return new Uint8Array(await fs.readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm')));
}

/** The .wasm fetched from the site, reporting progress when the server says how big it is. */
async function download(onProgress?: LoadProgress): Promise<Uint8Array> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`PDFium could not be loaded (${response.status}).`);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body || !onProgress || total === 0) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.(1);
    return bytes;
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    // A compressed response counts decoded bytes against the compressed length: never past 99% until done.
    onProgress(Math.min(0.99, received / total));
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  onProgress(1);
  return bytes;
}

let instance: Promise<Pdfium> | null = null;

async function start(onProgress?: LoadProgress): Promise<Pdfium> {
  const [{ init }, wasmBinary] = await Promise.all([import('@embedpdf/pdfium'), isNode() ? readFromDisk() : download(onProgress)]);
  // wasmBinary given: the factory never fetches (its default would be another origin).
  const pdfium = await init({ wasmBinary: wasmBinary.buffer as ArrayBuffer });
  pdfium.PDFiumExt_Init();
  return pdfium;
}

/** The PDFium module, loaded once; a failed load is tried again on the next call. */
export function loadPdfium(onProgress?: LoadProgress): Promise<Pdfium> {
  if (!instance) {
    instance = start(onProgress);
    instance.catch(() => {
      instance = null;
    });
  } else if (onProgress) {
    void instance.then(() => onProgress(1), () => undefined);
  }
  return instance;
}

/** The module's memory as it is now (it grows, so never keep the view). */
export function heap(pdfium: Pdfium): Uint8Array {
  return (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
}

/** Copies `bytes` into the module's memory; the caller frees the pointer. */
export function copyIn(pdfium: Pdfium, bytes: Uint8Array): number {
  const ptr = pdfium.pdfium.wasmExports.malloc(Math.max(1, bytes.byteLength));
  heap(pdfium).set(bytes, ptr);
  return ptr;
}

/** Runs `use` with `size` bytes of module memory, freed afterwards. */
export function withMemory<T>(pdfium: Pdfium, size: number, use: (ptr: number) => T): T {
  const ptr = pdfium.pdfium.wasmExports.malloc(size);
  try {
    return use(ptr);
  } finally {
    pdfium.pdfium.wasmExports.free(ptr);
  }
}

/** A UTF-16LE, zero-terminated copy of `text` in module memory (FPDF_WIDESTRING); the caller frees it. */
export function wideString(pdfium: Pdfium, text: string): number {
  const ptr = pdfium.pdfium.wasmExports.malloc((text.length + 1) * 2);
  pdfium.pdfium.stringToUTF16(text, ptr, (text.length + 1) * 2);
  return ptr;
}

/** An open document and the module memory holding its bytes, released together. */
export interface PdfiumDocument {
  pdfium: Pdfium;
  doc: number;
  close(): void;
}

/** PDFium's last error for a document that did not open (FPDF_ERR_*). */
export const PDFIUM_ERR_PASSWORD = 4;

/** Opens `bytes` (not copied by the caller: PDFium reads them from module memory until closed); null with PDFium's error code when it cannot. */
export function openDocument(pdfium: Pdfium, bytes: Uint8Array): PdfiumDocument | { error: number } {
  const ptr = copyIn(pdfium, bytes);
  const doc = pdfium.FPDF_LoadMemDocument(ptr, bytes.byteLength, '');
  if (!doc) {
    const error = pdfium.FPDF_GetLastError();
    pdfium.pdfium.wasmExports.free(ptr);
    return { error };
  }
  return {
    pdfium,
    doc,
    close() {
      pdfium.FPDF_CloseDocument(doc);
      pdfium.pdfium.wasmExports.free(ptr);
    },
  };
}

/** The whole document as PDFium writes it (a full rewrite, not an incremental update). */
export function saveDocument(pdfium: Pdfium, doc: number): Uint8Array {
  const writer = pdfium.PDFiumExt_OpenFileWriter();
  try {
    if (!pdfium.PDFiumExt_SaveAsCopy(doc, writer)) throw new Error('PDFium could not save the document.');
    const size = pdfium.PDFiumExt_GetFileWriterSize(writer);
    return withMemory(pdfium, size, (ptr) => {
      pdfium.PDFiumExt_GetFileWriterData(writer, ptr, size);
      return heap(pdfium).slice(ptr, ptr + size);
    });
  } finally {
    pdfium.PDFiumExt_CloseFileWriter(writer);
  }
}
