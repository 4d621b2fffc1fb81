/**
 * The image converters (PNG, JPG, WebP, AVIF, JPEG XL, GIF, TIFF, EPS out; any
 * format the codec layer reads in). The target format comes from the manifest's
 * processorSettings; the fields each tool shows (quality, lossless, animate,
 * frame delay, a size limit for the lossy formats) arrive as options.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolOutput } from '../contract/types';
import { readEach } from '../lib/each-input';
import { throwIfAborted } from '../lib/errors';
import { framesFromPictures } from '../lib/image/animation';
import { decode } from '../lib/image/decode';
import { encode, MIME_TYPES } from '../lib/image/encode';
import { fitUnder, resizedNote, sizeNotReachedMessage } from '../lib/image/fit-size';
import { withMetadataNote, withoutMetadataNote, withoutMetadata } from '../lib/image/strip-metadata';
import type { DecodedImage, RasterImage } from '../lib/image/types';
import { runText } from '../lib/i18n/run-messages';

/**
 * The converters' manifests give quality, lossless and dpi different defaults, so those have none
 * here: the run core fills in each manifest's own before this schema sees the values. They are
 * optional because only the tools that show them send them; the others leave them to the codecs.
 * The defaults kept are the same in every manifest that shows the field, which
 * tests/processor-options.test.ts holds them to.
 */
export const options = z.object({
  to: z.enum(['jpg', 'png', 'webp', 'avif', 'jxl', 'gif', 'tiff', 'eps']),
  /** JPEG, lossy WebP, AVIF, JPEG XL, JPEG-compressed TIFF; the encoder's own when the tool has no quality field. */
  quality: z.number().min(1).max(100).optional(),
  /** WebP, AVIF, JPEG XL: lossless instead of lossy. TIFF: LZW (lossless) instead of JPEG compression. Lossy unless asked. */
  lossless: z.boolean().optional(),
  /** GIF: one animation from all the pictures instead of one GIF per picture. */
  animate: z.boolean().default(false),
  frameDelay: z.number().int().min(10).max(10000).default(100),
  /** EPS in: the resolution it is drawn at; the decoder's own when the tool has no DPI field. */
  dpi: z.number().int().min(1).max(1200).optional(),
  /** JPEG: the colour transparent pixels are flattened onto. No manifest shows it. */
  background: z.string().default('#ffffff'),
  /** JPG, and WebP, AVIF or JPEG XL when lossy: the best quality (and, past a floor, size) of at most maxKb. */
  limitSize: z.boolean().default(false),
  maxKb: z.number().min(1).max(102400).default(200),
});

type Options = z.output<typeof options>;

export const OXIPNG_MAX_PIXELS = 1_000_000;

/** The encoder format a decoded file already is, for the still formats a converter can write again. */
const SAME_FORMAT: Record<string, Options['to']> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', jxl: 'jxl' };

/** The result card's note when a converter hands back the input, without its metadata, because its own output was larger. */
export const keptNote = () => runText('processors.imageConvert.keptNote', { metadata: withoutMetadataNote() });
/** The same when the input is handed back as it was (AVIF and JPEG XL, whose metadata is not taken out here). */
export const keptWithMetadataNote = () => runText('processors.imageConvert.keptNote', { metadata: withMetadataNote() });

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** What the result card shows about the settings, as each manifest's simulation names it. */
function settingsMeta(o: Options): Record<string, string> {
  // Every tool that writes these formats lossily shows a quality field; a caller that gives none is told nothing rather than a guess.
  const quality: Record<string, string> = o.quality === undefined ? {} : { quality: `${o.quality}%` };
  if (o.to === 'jpg') return quality;
  if (o.to === 'webp' || o.to === 'avif' || o.to === 'jxl') return o.lossless ? { quality: 'Lossless' } : quality;
  if (o.to === 'tiff') return { compression: o.lossless ? 'LZW lossless' : 'JPEG lossy' };
  return {};
}

/** True when a size limit applies: a lossy still format, with the limit on. */
function fitsToLimit(o: Options): boolean {
  return o.limitSize && (o.to === 'jpg' || ((o.to === 'webp' || o.to === 'avif' || o.to === 'jxl') && !o.lossless));
}

async function encodeOne(decoded: DecodedImage, o: Options): Promise<Uint8Array[]> {
  const settings = { quality: o.quality, lossless: o.lossless, background: o.background, compression: o.lossless ? ('lzw' as const) : ('jpeg' as const) };
  // GIF keeps an animation and TIFF keeps every page; the still formats take every page of a TIFF but only the first frame of an animation.
  if (o.to === 'gif' || o.to === 'tiff') return [await encode(decoded.frames, o.to, settings)];
  const frames = decoded.format === 'tiff' ? decoded.frames : decoded.frames.slice(0, 1);
  const out = [];
  // OxiPNG gains little on large photos and takes seconds there; converters run it on small pictures only (the compressor always does).
  for (const frame of frames) out.push(await encode(frame, o.to, { ...settings, optimise: frame.width * frame.height <= OXIPNG_MAX_PIXELS }));
  return out;
}

/** One picture fitted under the size limit (the first page or frame, as the still formats take). */
async function fitOne(name: string, original: Uint8Array, image: RasterImage, o: Options, signal: AbortSignal): Promise<ToolOutput> {
  const maxBytes = o.maxKb * 1024;
  const fitted = await fitUnder(image, maxBytes, (picture, quality) => encode(picture, o.to, { quality, background: o.background }), signal);
  const meta = { width: fitted.width, height: fitted.height, originalSize: original.byteLength, quality: `${fitted.quality}%` };
  const output: ToolOutput = { bytes: fitted.bytes, type: MIME_TYPES[o.to], meta };
  if (!fitted.fits) {
    output.notice = sizeNotReachedMessage(name, o.maxKb, fitted.bytes.byteLength);
    output.noticeTone = 'warning';
    output.note = output.notice;
  } else if (fitted.width !== image.width) output.note = resizedNote(fitted.width, fitted.height, o.maxKb);
  return output;
}

export default defineProcessor(options, async (inputs, o, ctx) => {
  const type = MIME_TYPES[o.to];
  const outputs: ToolOutput[] = [];

  if (o.to === 'gif' && o.animate && inputs.length > 1) {
    // A picture that cannot be read is left out of the animation and listed.
    const read = await readEach(inputs, ctx, async (input) => (await decode(input.name, input.bytes, { dpi: o.dpi })).frames[0], { total: inputs.length + 1 });
    const pictures = read.map((r) => r.value);
    const frames = framesFromPictures(pictures, o.frameDelay);
    const bytes = await encode(frames, 'gif');
    ctx.onProgress(inputs.length + 1, inputs.length + 1);
    return [{ bytes, type, meta: { width: frames[0].width, height: frames[0].height, frameCount: frames.length, type: `Animated (${o.frameDelay} ms)` } }];
  }

  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const decoded = await decode(input.name, input.bytes, { dpi: o.dpi });
    throwIfAborted(ctx.signal);
    const first = decoded.frames[0];
    if (fitsToLimit(o)) {
      // A size limit is for one picture: a TIFF's first page, an animation's first frame.
      const output = await fitOne(input.name, input.bytes, first, o, ctx.signal);
      if (decoded.frames.length > 1) output.name = `${baseName(input.name)}-${decoded.format === 'tiff' ? 'page-1' : 'frame'}.${o.to}`;
      outputs.push(output);
      ctx.onProgress(index + 1, inputs.length);
      continue;
    }
    const encoded = await encodeOne(decoded, o);
    const animated = decoded.frames.length > 1 && decoded.format !== 'tiff';
    // A file already in the target format (a .png that is really a WebP, given to PNG to WebP) is never made larger.
    const kept = encoded.length === 1 && !animated && SAME_FORMAT[decoded.format] === o.to && encoded[0].byteLength >= input.bytes.byteLength;
    // The promise of no metadata holds for the handed-back file too, wherever it can be taken out without touching the pixels.
    const cleaned = kept ? withoutMetadata(input.bytes) : null;
    if (kept) encoded[0] = cleaned ?? input.bytes.slice();
    encoded.forEach((bytes, page) => {
      const meta: Record<string, string | number> = { width: first.width, height: first.height, originalSize: input.bytes.byteLength, ...settingsMeta(o) };
      if (o.to === 'gif') Object.assign(meta, { frameCount: decoded.frames.length, type: animated ? 'Animated' : 'Static' });
      const output: ToolOutput = { bytes, type, meta };
      if (kept) output.note = cleaned ? keptNote() : keptWithMetadataNote();
      // Several pages of one TIFF would share the template's name; each page is numbered instead.
      if (encoded.length > 1) output.name = `${baseName(input.name)}-page-${page + 1}.${o.to}`;
      // The first frame of an animation is marked as such, so it is not mistaken for the whole animation.
      else if (animated && o.to !== 'gif') output.name = `${baseName(input.name)}-frame.${o.to}`;
      outputs.push(output);
    });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
