/**
 * PDF compression with pdf-lib: images downsampled and re-encoded as JPEG,
 * fully embedded TrueType fonts subset to the glyphs the pages show,
 * uncompressed or ASCII-encoded streams Flate-compressed, unreachable objects
 * dropped, scripts and auto-run actions removed, and objects packed into
 * object streams. Text, links, bookmarks and
 * forms are left as they are.
 */
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { isToolError, throwIfAborted } from '../errors';
import { subsetFonts } from './compress-fonts';
import { loadHbSubset } from '../fonts/hb-subset';
import { imageTargets, recompressImage, type ImageLevel } from './compress-images';
import { shrinkSoftMask, softMaskUses } from './compress-masks';
import { measureDrawnImages } from './drawn-size';
import type { JpegCodec } from './image-codec';
import { loadPdf } from './load';
import { containsActiveContent, stripActiveContent } from './sanitize';
import { decodedStreamBytes } from './stream-bytes';

export type CompressionLevel = 'low' | 'medium' | 'high';

/** Target image resolution and JPEG quality per level. */
export const LEVELS: Record<CompressionLevel, ImageLevel> = {
  low: { dpi: 200, quality: 0.85 },
  medium: { dpi: 150, quality: 0.7 },
  high: { dpi: 96, quality: 0.5 },
};

export interface CompressResult {
  bytes: Uint8Array;
  /** True when the original bytes are returned because compression did not make them smaller. */
  kept: boolean;
  imagesRecompressed: number;
  /** True when the input had scripts or auto-run actions, so the original may not be handed back. */
  active: boolean;
  /** Pages in the document. */
  pages: number;
}

const Filter = PDFName.of('Filter');
const DecodeParms = PDFName.of('DecodeParms');
const Length = PDFName.of('Length');
const Type = PDFName.of('Type');
/** Filters whose output is worth re-encoding with Flate: none, or text encodings of binary data. */
const REENCODABLE = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode']);

/** Flate-compresses streams stored without compression (or only ASCII-encoded), keeping whichever is smaller. */
export function recompressStreams(doc: PDFDocument): void {
  const { context } = doc;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.contents.length < 64) continue;
    // XMP metadata stays readable by tools that scan for it uncompressed.
    if (object.dict.get(Type) === PDFName.of('Metadata') || object.dict.get(Type) === PDFName.of('XRef')) continue;
    const filter = object.dict.lookup(Filter);
    const name = filter instanceof PDFName ? filter.decodeText() : filter === undefined ? '' : null;
    if (name === null || (name !== '' && (!REENCODABLE.has(name) || object.dict.has(DecodeParms)))) continue;
    let plain: Uint8Array;
    try {
      plain = name === '' ? object.contents : decodedStreamBytes(object);
    } catch (error) {
      if (isToolError(error)) throw error;
      continue;
    }
    const dict = object.dict.clone(context);
    dict.delete(Filter);
    dict.delete(Length);
    const flate = context.flateStream(plain, {});
    if (flate.contents.length >= object.contents.length) continue;
    dict.set(Filter, PDFName.of('FlateDecode'));
    context.assign(ref, PDFRawStream.of(dict, flate.contents));
  }
}

/** True when the written file opens again with the same number of pages (a guard against a broken rewrite). */
async function reopens(bytes: Uint8Array, pages: number): Promise<boolean> {
  try {
    return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount() === pages;
  } catch {
    return false;
  }
}

/**
 * Compresses a PDF at the given level (or explicit image settings). The input is never modified; when the
 * result is not smaller, the original bytes come back with `kept` set.
 * Throws ToolError (from loadPdf) for non-PDF, damaged or encrypted files.
 */
export async function compressPdf(
  input: Uint8Array,
  name: string,
  level: CompressionLevel | ImageLevel,
  codec: JpegCodec,
  ctx: { signal: AbortSignal; onProgress(done: number, total: number): void },
): Promise<CompressResult> {
  const doc = await loadPdf(input, name);
  // A file with scripts is always rewritten without them, even when that does not make it smaller.
  const active = containsActiveContent(doc);
  const settings = typeof level === 'string' ? LEVELS[level] : level;
  const targets = imageTargets(doc, measureDrawnImages(doc));
  let imagesRecompressed = 0;
  const total = targets.length + 1;
  ctx.onProgress(0, total);
  const maskUses = softMaskUses(doc);
  for (const [index, target] of targets.entries()) {
    throwIfAborted(ctx.signal);
    if ((await recompressImage(doc, target.ref, target.stream, target.drawn, settings, codec)) === 'recompressed') {
      imagesRecompressed++;
      shrinkSoftMask(doc, target.ref, maskUses);
    }
    ctx.onProgress(index + 1, total);
  }
  throwIfAborted(ctx.signal);
  // HarfBuzz's subsetter, fetched once; without it the fonts stay whole.
  await loadHbSubset().catch(() => undefined);
  try {
    await subsetFonts(doc);
  } catch (error) {
    // A stream past the decoding cap refuses the file; content this cannot follow only leaves the fonts whole (each font subset before is complete on its own).
    if (isToolError(error)) throw error;
  }
  recompressStreams(doc);
  stripActiveContent(doc);
  const bytes = await doc.save({ useObjectStreams: true, updateFieldAppearances: false, addDefaultPage: false });
  ctx.onProgress(total, total);
  const pages = doc.getPageCount();
  const reopened = await reopens(bytes, pages);
  if (!reopened || (bytes.length >= input.length && !active)) return { bytes: input, kept: true, imagesRecompressed: 0, active, pages };
  return { bytes, kept: false, imagesRecompressed, active, pages };
}
