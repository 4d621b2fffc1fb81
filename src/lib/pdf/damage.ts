/**
 * What is wrong with a damaged PDF, read from the error a PDF engine raised
 * on it (pdf.js, pdf-lib, qpdf, Ghostscript), so the visitor is told which
 * part of the file is broken instead of a generic crash message. Free of any
 * PDF library: it reads only the error's name and message, so the engine's
 * failure handling can use it for every tool.
 */
import { ToolError, isToolError } from '../errors';
import { damagedPdfMessage } from './messages';
import { runText, type RunMessageId } from '../i18n/run-messages';

export const pageTreeReason = (): string => runText('run.pdf.reason.pageTree');
export const noPagesReason = (): string => runText('run.pdf.reason.noPages');

/** [pattern of the engine's message, what is wrong with the file], the most telling first. */
const REASONS: [RegExp, RunMessageId][] = [
  [/kids|page tree|pages tree|page dictionary|invalid page request|\/Pages\b|page index|PDFPageTree|circular reference/i, 'run.pdf.reason.pageTree'],
  [/root reference|catalog|trailer|xref|startxref|cross-reference|pdf structure|object stream/i, 'run.pdf.reason.xref'],
  [/font|glyph|cmap|charstring|cff\b|truetype/i, 'run.pdf.reason.font'],
  [/flate|fcheck|jbig2|jpx|openjpeg|dct|ccitt|lzw|ascii85|asciihex|decode|predictor|bad.*stream|stream.*length/i, 'run.pdf.reason.compressed'],
  [/expected instance of|invalid object|failed to parse|trying to parse|unbalanced|stalled|unexpected.*token|number.*pars|reparse|missing.*header/i, 'run.pdf.reason.objects'],
  [/\/undefined in|\/typecheck in|\/rangecheck in|\/syntaxerror in|\/stackunderflow in|\/invalidfont in|\/ioerror in/i, 'run.pdf.reason.content'],
];

/** Names of the exceptions pdf.js raises for a file it cannot read. */
const PDFJS_FILE_ERRORS = new Set(['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'MissingPDFException', 'UnexpectedResponseException']);

/**
 * What is wrong with the file, in the visitor's words, when `error` is a PDF
 * engine's complaint about the file; null when it is something else (a
 * ToolError, a cancel, a fault in our own code).
 */
export function pdfDamageReason(error: unknown): string | null {
  if (!(error instanceof Error) || isToolError(error)) return null;
  return damageReasonIn(`${error.name}: ${error.message}`) ?? (PDFJS_FILE_ERRORS.has(error.name) ? runText('run.pdf.reason.unreadable') : null);
}

/** What is wrong with the file according to an engine's own words (an error message, qpdf's or Ghostscript's stderr). */
export function damageReasonIn(text: string): string | null {
  const found = REASONS.find(([pattern]) => pattern.test(text));
  return found ? runText(found[1]) : null;
}

/** The ToolError for a file an engine could not read, saying what is wrong with it; null when the error is not about the file. */
export function damagedPdfError(name: string, error: unknown): ToolError | null {
  const reason = pdfDamageReason(error);
  return reason ? new ToolError(damagedPdfMessage(name, reason)) : null;
}
