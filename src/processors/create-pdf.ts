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

/** The options of manifests/pdf/create-pdf.json. */
export const options = z.object({
  /** The text to lay out; when blank, the first .txt input is used instead. */
  text: z.string(),
  /** Points. */
  fontSize: z.number().int().min(8).max(32),
  pageSize: z.enum(['a4', 'letter']),
});

export const BLANK_TEXT_MESSAGE = 'Please enter some text to create a PDF.';
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
  if (!text.trim()) throw new ToolError(BLANK_TEXT_MESSAGE);
  if (text.length > MAX_CHARACTERS) {
    throw new ToolError(`The text is too long (${text.length.toLocaleString('en-US')} characters). Please split it into parts of at most 5,000,000 characters.`);
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
