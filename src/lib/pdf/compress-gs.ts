/**
 * PDF compression with Ghostscript's pdfwrite device: it rewrites every page,
 * so it also shrinks what pdf-lib leaves alone (duplicate images, unused
 * font glyphs, images with masks, inefficient content). Images are
 * downsampled and JPEG-encoded to the same resolution and quality as the
 * pdf-lib path; the result then goes through the same sanitizer, since
 * pdfwrite can carry actions over.
 */
import { PDFDocument } from 'pdf-lib';
import { runGhostscript } from '../ghostscript';
import type { ImageLevel } from './compress-images';
import { stripActiveContent } from './sanitize';

/** The standard 14 fonts: readers always have them, so embedding them would only add bytes. */
const BASE_14 = [
  'Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique',
  'Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique',
  'Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic', 'Symbol', 'ZapfDingbats',
];

export interface GhostscriptSettings extends ImageLevel {
  /** Re-encode JPEG images even when they need no downsampling (the target-size search needs this). */
  reencodeJpeg?: boolean;
}

/**
 * Ghostscript's QFactor for an IJG JPEG quality 0..1: pdfwrite scales the
 * quantisation tables linearly by QFactor x 100, which IJG quality q >= 50
 * gives as 200 - 2q and q < 50 as 5000 / q.
 */
export function qFactor(quality: number): number {
  const q = Math.min(100, Math.max(1, quality * 100));
  return q >= 50 ? (100 - q) / 50 : 50 / q;
}

/** The pdfwrite command line for the given image settings, reading /in.pdf and writing /out.pdf. */
export function ghostscriptArgs(settings: GhostscriptSettings): string[] {
  const dpi = Math.round(settings.dpi);
  // Black-and-white scans stay sharp enough to read at twice the colour resolution.
  const mono = Math.min(600, Math.max(150, dpi * 2));
  const q = qFactor(settings.quality).toFixed(3);
  const images = (kind: 'Color' | 'Gray', resolution: number) => [
    `-dDownsample${kind}Images=true`,
    `-d${kind}ImageDownsampleType=/Bicubic`,
    `-d${kind}ImageResolution=${resolution}`,
    // The same headroom as the pdf-lib path: an image only slightly above the target is left alone.
    `-d${kind}ImageDownsampleThreshold=1.1`,
    `-dAutoFilter${kind}Images=false`,
    `-d${kind}ImageFilter=/DCTEncode`,
  ];
  const distiller = [
    '<<',
    `/ColorImageDict << /QFactor ${q} /Blend 1 /HSamples [2 1 1 2] /VSamples [2 1 1 2] >>`,
    `/GrayImageDict << /QFactor ${q} /Blend 1 /HSamples [1 1 1 1] /VSamples [1 1 1 1] >>`,
    `/NeverEmbed [${BASE_14.map((name) => `/${name}`).join(' ')}]`,
    '>> setdistillerparams',
  ].join(' ');
  return [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    '-dPDFSETTINGS=/ebook',
    // 1.7 keeps transparency as it is instead of flattening it into pictures.
    '-dCompatibilityLevel=1.7',
    '-dDetectDuplicateImages=true',
    '-dSubsetFonts=true',
    '-dCompressFonts=true',
    '-dEmbedAllFonts=true',
    `-dPassThroughJPEGImages=${settings.reencodeJpeg ? 'false' : 'true'}`,
    ...images('Color', dpi),
    ...images('Gray', dpi),
    '-dDownsampleMonoImages=true',
    '-dMonoImageDownsampleType=/Subsample',
    `-dMonoImageResolution=${mono}`,
    '-dMonoImageDownsampleThreshold=1.5',
    '-sOutputFile=/out.pdf',
    '-c',
    distiller,
    '-f',
    '/in.pdf',
  ];
}

/**
 * Compresses with Ghostscript and strips scripts and auto-run actions from
 * the result. `onPage` gets each page number as Ghostscript reaches it.
 * Throws when Ghostscript cannot load or fails on the file; the caller
 * then keeps the pdf-lib result.
 */
export async function compressWithGhostscript(input: Uint8Array, settings: GhostscriptSettings, onPage?: (page: number) => void): Promise<Uint8Array> {
  const written = await runGhostscript({
    args: ghostscriptArgs(settings),
    inputs: { '/in.pdf': input },
    output: '/out.pdf',
    onLine: (line) => {
      const page = /^Page (\d+)$/.exec(line.trim());
      if (page) onPage?.(Number(page[1]));
    },
  });
  const doc = await PDFDocument.load(written, { updateMetadata: false });
  stripActiveContent(doc);
  return doc.save({ useObjectStreams: true, updateFieldAppearances: false, addDefaultPage: false });
}
