/**
 * Create PDF: typed text (or a .txt file) to a paginated PDF in DejaVu Sans,
 * which covers Latin, Greek and Cyrillic.
 *
 * Options (manifests/pdf/create-pdf.json):
 *   text: string        the text to lay out; when blank, the first .txt input is used instead
 *   fontSize: number    8..32 pt, default 12
 *   pageSize: 'a4' | 'letter' (also 'legal'), default 'a4'
 */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { readPageSize, textToPdf } from '../lib/pdf/text-to-pdf';

export const BLANK_TEXT_MESSAGE = 'Please enter some text to create a PDF.';
/** Text beyond this many characters would take minutes to lay out and produce thousands of pages. */
export const MAX_CHARACTERS = 5_000_000;

/** Decodes a text file as UTF-8 or UTF-16 (by its byte-order mark). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** The font size option clamped to 8..32, default 12. */
export function readFontSize(value: unknown): number {
  const size = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(size) && size > 0 ? Math.min(32, Math.max(8, size)) : 12;
}

const createPdf: Processor = async (inputs, options, ctx) => {
  let text = typeof options.text === 'string' ? options.text : '';
  if (!text.trim() && inputs.length > 0) text = decodeText(inputs[0].bytes);
  if (!text.trim()) throw new ToolError(BLANK_TEXT_MESSAGE);
  if (text.length > MAX_CHARACTERS) {
    throw new ToolError(`The text is too long (${text.length.toLocaleString('en-US')} characters). Please split it into parts of at most 5,000,000 characters.`);
  }
  throwIfAborted(ctx.signal);
  ctx.onProgress(0, 1);
  const bytes = await textToPdf(text, { fontSize: readFontSize(options.fontSize), pageSize: readPageSize(options.pageSize) });
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'application/pdf', meta: { characters: text.length } }];
};

export default createPdf;
