/**
 * Two engines, one answer: every compression runs the pdf-lib path and
 * Ghostscript's pdfwrite with the same image settings, and hands back the
 * smallest result that still has the input's pages, text, links, form fields
 * and bookmarks (compress-check.ts), or the original when neither is smaller.
 * Ghostscript is optional: if it cannot load or fails on a file, the pdf-lib
 * result stands.
 */
import { CancelledError, isToolError, throwIfAborted } from '../errors';
import { loadGhostscript } from '../ghostscript';
import { compressPdf, LEVELS, type CompressionLevel } from './compress';
import { keepsContent, pdfFacts, type PdfFacts } from './compress-check';
import type { GhostscriptSettings } from './compress-gs';
import type { ImageLevel } from './compress-images';
import type { JpegCodec } from './image-codec';

export type Engine = 'pdf-lib' | 'ghostscript' | 'original';

export interface Compressed {
  bytes: Uint8Array;
  engine: Engine;
  /** True when the original bytes are handed back. */
  kept: boolean;
  imagesRecompressed: number;
}

export interface Engines {
  codec: JpegCodec;
  /** The Ghostscript path; replaced in tests to simulate an engine that fails to load. */
  ghostscript?: (input: Uint8Array, settings: GhostscriptSettings, onPage?: (page: number) => void) => Promise<Uint8Array>;
  /** Fetches Ghostscript ahead of its first run, reporting download progress. */
  loadGhostscript?: (onProgress?: (loaded: number, total: number) => void) => Promise<unknown>;
}

export interface Context {
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}

/**
 * Fewer bytes than pdfwrite ever writes: every file it makes carries an
 * uncompressed XMP packet of about 1.4 KB besides the document, so an empty
 * page comes out at about 2.3 KB (compress-best.test.ts checks the margin).
 */
export const GHOSTSCRIPT_FLOOR = 2048;

const isCancel = (error: unknown) => error instanceof CancelledError || (error instanceof Error && error.name === 'CancelledError');

/** One compression at one setting with both engines, before any candidate is checked. */
export interface Attempt {
  candidates: Compressed[];
  /** The input had scripts: the original may not be handed back, and the pdf-lib output is the fallback. */
  active: boolean;
  /** The pdf-lib output, or the original when pdf-lib kept it or failed. */
  fallback: Compressed;
}

/** Progress over [from, to] of a run counted in 1000 units. */
export function span(ctx: Context, from: number, to: number) {
  return (done: number, total: number) => ctx.onProgress(Math.round(from + (to - from) * (total > 0 ? Math.min(1, done / total) : 0)), 1000);
}

/** Runs Ghostscript, loading it first (with download progress); null when it cannot load or fails. */
async function ghostscriptPath(input: Uint8Array, pages: number, settings: GhostscriptSettings, engines: Engines, ctx: Context, from: number, to: number): Promise<Uint8Array | null> {
  if (!engines.ghostscript) return null;
  const loaded = from + (to - from) * 0.3;
  try {
    await (engines.loadGhostscript ?? loadGhostscript)(span(ctx, from, loaded));
    throwIfAborted(ctx.signal);
    return await engines.ghostscript(input, settings, (page) => span(ctx, loaded, to)(page, pages));
  } catch (error) {
    if (isCancel(error)) throw error;
    // Ghostscript could not load or failed on this file: the pdf-lib result stands.
    return null;
  }
}

/** Both engines at one setting; progress over [from, to]. */
export async function attempt(input: Uint8Array, name: string, settings: GhostscriptSettings, engines: Engines, ctx: Context, from: number, to: number): Promise<Attempt> {
  const middle = from + (to - from) * 0.35;
  const candidates: Compressed[] = [];
  let active = false;
  // Only for Ghostscript's progress, which counts pages; unknown when pdf-lib could not rewrite the file.
  let pages = 1;
  try {
    const result = await compressPdf(input, name, settings, engines.codec, { signal: ctx.signal, onProgress: span(ctx, from, middle) });
    active = result.active;
    pages = result.pages;
    if (!result.kept) candidates.push({ bytes: result.bytes, engine: 'pdf-lib', kept: false, imagesRecompressed: result.imagesRecompressed });
  } catch (error) {
    if (isToolError(error) || isCancel(error)) throw error;
    // The file opened but some object could not be rewritten by pdf-lib: Ghostscript may still manage.
  }
  throwIfAborted(ctx.signal);
  const fallback = candidates[0] ?? originalOf(input);
  // Ghostscript cannot make a file this small any smaller, and a file without scripts is never handed back larger.
  const gs = !active && input.length <= GHOSTSCRIPT_FLOOR ? null : await ghostscriptPath(input, pages, settings, engines, ctx, middle, to);
  if (gs) candidates.push({ bytes: gs, engine: 'ghostscript', kept: false, imagesRecompressed: 0 });
  throwIfAborted(ctx.signal);
  return { candidates, active, fallback };
}

/** Checks candidates lazily and remembers each verdict, since pdf.js text extraction is the slow part. */
export function checker(facts: PdfFacts | null) {
  const verdicts = new Map<Uint8Array, Promise<boolean>>();
  return (candidate: Compressed): Promise<boolean> => {
    // Without the input's facts (pdf.js could not read it) only the pdf-lib path, which changes no text or structure, is trusted.
    if (!facts) return Promise.resolve(candidate.engine === 'pdf-lib');
    let verdict = verdicts.get(candidate.bytes);
    if (!verdict) {
      verdict = keepsContent(facts, candidate.bytes);
      verdicts.set(candidate.bytes, verdict);
    }
    return verdict;
  };
}

/** The input's facts with what every output removes on purpose already removed; null when pdf.js cannot read it. */
export async function inputFacts(input: Uint8Array): Promise<PdfFacts | null> {
  try {
    return await pdfFacts(input, true);
  } catch {
    return null;
  }
}

/** The original, as a result. */
export function originalOf(input: Uint8Array): Compressed {
  return { bytes: input, engine: 'original', kept: true, imagesRecompressed: 0 };
}

/**
 * Compresses at a level (or explicit settings) with both engines and keeps
 * the smallest candidate that passes the checks; the original when none is
 * smaller. Throws ToolError for files that are not PDFs, damaged or encrypted.
 */
export async function compressBest(input: Uint8Array, name: string, level: CompressionLevel | ImageLevel, engines: Engines, ctx: Context): Promise<Compressed> {
  const settings = typeof level === 'string' ? LEVELS[level] : level;
  ctx.onProgress(0, 1000);
  const result = await attempt(input, name, settings, engines, ctx, 0, 850);
  const sorted = [...result.candidates].sort((a, b) => a.bytes.length - b.bytes.length);
  let pick: Compressed | undefined;
  // The input is read by pdf.js only when some candidate has to be checked: often none is smaller.
  let passes: ((candidate: Compressed) => Promise<boolean>) | undefined;
  for (const candidate of sorted) {
    // A file with scripts is always rewritten without them, even when that does not make it smaller.
    if (!result.active && candidate.bytes.length >= input.length) break;
    passes ??= checker(await inputFacts(input));
    if (await passes(candidate)) {
      pick = candidate;
      break;
    }
  }
  ctx.onProgress(1000, 1000);
  return pick ?? (result.active ? result.fallback : originalOf(input));
}
