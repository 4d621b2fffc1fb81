/**
 * PDF Compressor: runs two engines with the same image settings, pdf-lib
 * (downsampled and re-encoded images, compressed streams, packed objects)
 * and Ghostscript's pdfwrite (every page rewritten, fonts subset, duplicate
 * images merged), and keeps the smallest result that still has the input's
 * pages, text, links and bookmarks; returns the original file when neither
 * is smaller. Ghostscript is loaded on first use; if it cannot load or run,
 * the pdf-lib result stands. A restrictions-only file (encrypted with an
 * empty open password) is decrypted once up front, so both engines and the
 * content check read the same plain file, and its owner's restrictions are put
 * back here rather than by the run core (ownsEncryption), so the sizes shown
 * are those of the file the visitor gets.
 *
 * Options (manifests/pdf/pdf-compressor.json):
 *   level: 'low' (200 dpi, JPEG 85) | 'medium' (150 dpi, JPEG 70, default) | 'high' (96 dpi, JPEG 50)
 *   targetSize: true to aim for a size instead of a level; targetMb: that size in MB
 *
 * Output meta: originalSize, compressedSize (bytes), compressionRatio (percent saved),
 * imagesRecompressed (pdf-lib results only), engine, and kept = 1 when the original was kept.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { formatBytes } from '../lib/format-size';
import { LEVELS, type CompressionLevel } from '../lib/pdf/compress';
import { compressBest, type Compressed, type Engines } from '../lib/pdf/compress-best';
import { compressWithGhostscript } from '../lib/pdf/compress-gs';
import { compressToTarget } from '../lib/pdf/compress-target';
import { openablePdfBytes } from '../lib/pdf/load';
import { browserJpegCodec, type JpegCodec } from '../lib/pdf/image-codec';
import type { ToolOutput } from '../contract/types';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** The level option (medium by default), and the optional target size in megabytes. */
export const options = z.object({
  level: z.enum(Object.keys(LEVELS) as [CompressionLevel, ...CompressionLevel[]]).default('medium'),
  targetSize: z.boolean().default(false),
  targetMb: z.number().min(0.05).max(20).default(1),
});

/** Percent saved, rounded to one decimal. */
export function savedPercent(original: number, compressed: number): number {
  return original > 0 ? Math.round((1000 * (original - compressed)) / original) / 10 : 0;
}

/** Said when compression would not make the file smaller, so the original is handed back unchanged. */
export const keptNotice = () => runText('processors.pdfCompressor.kept');

/** Said when the original is already within the size asked for. */
export function alreadyUnderNotice(target: number): string {
  return runText('processors.pdfCompressor.alreadyUnder', { size: formatBytes(target) });
}

/** Said when the target cannot be reached without turning text into pictures. */
export function unreachableNotice(target: number, reached: number): string {
  return runText('processors.pdfCompressor.unreachable', { target: formatBytes(target), reached: formatBytes(reached) });
}

const ENGINE_NAMES: Record<Compressed['engine'], string> = { 'pdf-lib': 'pdf-lib', ghostscript: 'Ghostscript', original: 'None (original kept)' };

/**
 * A compressor using the given JPEG codec (the browser's canvas by default;
 * Node tests pass their own) and Ghostscript path (null: pdf-lib only).
 */
export function createPdfCompressor(
  codec: JpegCodec,
  ghostscript: Engines['ghostscript'] | null = compressWithGhostscript,
  loadGhostscript?: Engines['loadGhostscript'],
) {
  const engines: Engines = { codec, ghostscript: ghostscript ?? undefined, loadGhostscript };
  return defineProcessor(options, async (inputs, { level, targetSize, targetMb }, ctx) => {
    const input = firstInput(inputs);
    let result: Compressed;
    let notice: string | undefined;
    let noticeTone: ToolOutput['noticeTone'];
    const source = await openablePdfBytes(input.bytes);
    if (targetSize) {
      const target = Math.round(targetMb * 1024 * 1024);
      const found = await compressToTarget(source, input.name, target, engines, ctx);
      result = found;
      if (!found.reached) {
        notice = unreachableNotice(target, found.bytes.length);
        noticeTone = 'warning';
      } else if (found.kept) notice = alreadyUnderNotice(target);
    } else {
      result = await compressBest(source, input.name, level, engines, ctx);
      if (result.kept) notice = keptNotice();
    }
    // "Your original file is kept" means the visitor's own bytes, not the decrypted copy.
    let final: ToolOutput = { bytes: result.kept ? input.bytes : result.bytes, type: 'application/pdf' };
    if (source !== input.bytes) {
      const { keepOwnerRestrictions } = await import('../lib/pdf/owner-restrictions');
      [final] = await keepOwnerRestrictions([final], [input]);
    }
    const { bytes, note } = final;
    const originalSize = input.bytes.byteLength;
    const compressedSize = bytes.byteLength;
    return [
      {
        bytes,
        type: 'application/pdf',
        meta: {
          originalSize,
          compressedSize,
          compressionRatio: savedPercent(originalSize, compressedSize),
          // Ghostscript rewrites every image, so only the pdf-lib path has a count to show.
          ...(result.engine === 'pdf-lib' ? { imagesRecompressed: result.imagesRecompressed } : {}),
          engine: ENGINE_NAMES[result.engine],
          kept: result.kept ? 1 : 0,
        },
        notice,
        noticeTone,
        ...(note ? { note } : {}),
      },
    ];
  }, { ownsEncryption: true });
}

export default createPdfCompressor(browserJpegCodec);
