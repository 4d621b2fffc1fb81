/**
 * Create PDF: typed text (or a .txt file) to a paginated PDF in DejaVu Sans,
 * which covers Latin, Greek, Cyrillic, Hebrew and Arabic (set right to left),
 * with the CJK fonts for Chinese, Japanese and Korean. Characters no font has
 * give a Warning naming them.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { missingGlyphsWarning } from '../lib/fonts/shaping';
import { PAGE_SIZES, textToPdf } from '../lib/pdf/text-to-pdf';
import { runText } from '../lib/i18n/run-messages';

/** The options of manifests/pdf/create-pdf.json. */
export const options = z.object({
  /** The text to lay out; when blank, the first .txt input is used instead. */
  text: z.string(),
  /** Points. */
  fontSize: z.number().int().min(8).max(32),
  pageSize: z.enum(['a4', 'letter']),
});

export const blankTextMessage = () => runText('processors.createPdf.blankText');
/** Text beyond this many characters would take minutes to lay out and produce thousands of pages. */
export const MAX_CHARACTERS = 5_000_000;

/** Decodes a text file as UTF-8 or UTF-16 (by its byte-order mark). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  let text = options.text;
  if (!text.trim() && inputs.length > 0) text = decodeText(inputs[0].bytes);
  if (!text.trim()) throw new ToolError(blankTextMessage());
  if (text.length > MAX_CHARACTERS) {
    throw new ToolError(runText('processors.createPdf.tooLong', { count: text.length, max: MAX_CHARACTERS }));
  }
  throwIfAborted(ctx.signal);
  ctx.onProgress(0, 1);
  const missing = new Set<string>();
  const bytes = await textToPdf(text, { fontSize: options.fontSize, pageSize: PAGE_SIZES[options.pageSize], missing });
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 1);
  const notice = missingGlyphsWarning(missing);
  return [{ bytes, type: 'application/pdf', meta: { characters: text.length }, ...(notice ? { notice, noticeTone: 'warning' as const } : {}) }];
});
