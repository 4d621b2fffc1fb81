/**
 * PDF to PDF/A: rewrites a PDF as PDF/A-2b (or 1b, 3b) for archiving, with
 * Ghostscript's pdfwrite (src/lib/pdf/pdfa.ts): every font embedded, colours
 * in sRGB with its output intent, XMP metadata naming the part, no
 * encryption. Scripts and launch actions are then removed, and the result is
 * read again and checked independently of Ghostscript: a file that would only
 * claim to be PDF/A is never handed over; the message says what could not be
 * made to conform instead.
 *
 * PDF/A forbids encryption, so a restrictions-only input's owner restrictions
 * are not put back on the result (ownsEncryption) and the result card says so.
 *
 * Options: level '2b' (default) | '1b' | '3b'.
 * Meta: pageCount, conformance.
 */
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { GhostscriptError } from '../lib/ghostscript';
import { firstInput } from '../lib/inputs';
import { loadPdf, openablePdfBytes } from '../lib/pdf/load';
import { checkPdfa, convertWithGhostscript, pagesLosingText, pagesWithTransparency, passed, type PdfaPart, type PdfaProblems } from '../lib/pdf/pdfa';
import { pageList } from '../lib/ocr/scanned';
import { containsActiveContent, stripActiveContent } from '../lib/pdf/sanitize';
import { runText } from '../lib/i18n/run-messages';

export const LEVELS = ['2b', '1b', '3b'] as const;
export type PdfaLevel = (typeof LEVELS)[number];

export const options = z.object({
  level: z.enum(LEVELS).default('2b'),
});

const levelName = (level: PdfaLevel) => `PDF/A-${level}`;

/** Said on the result card of a restrictions-only input: PDF/A cannot carry its restrictions. */
export const restrictionsDroppedNote = () => runText('processors.pdfToPdfa.restrictionsDropped');

/** The values of a message naming pages: how many, and the page or the list of them. */
const pageValues = (pages: number[]) => ({ count: pages.length, pages: pages.length === 1 ? String(pages[0]) : pageList(pages) });

export function transparencyMessage(pages: number[]): string {
  return runText('processors.pdfToPdfa.transparency', pageValues(pages));
}

export function lostTextMessage(pages: number[], level: PdfaLevel): string {
  return runText(level === '1b' ? 'processors.pdfToPdfa.lostText1b' : 'processors.pdfToPdfa.lostText', pageValues(pages));
}

export function fontsMessage(fonts: string[], level: PdfaLevel): string {
  const names = fonts.map((font) => `"${font}"`).join(', ');
  return runText('processors.pdfToPdfa.fonts', { count: fonts.length, names, level: levelName(level) });
}

/** The reasons Ghostscript gave for leaving PDF/A out ("... reverting to normal PDF output"), shortened for a message. */
export function ghostscriptReasons(warnings: string[]): string[] {
  const reasons = warnings
    .filter((line) => /PDF\/?A|not permitted|not allowed|reverting|cannot be|can't/i.test(line))
    .map((line) => line.replace(/^\s*(GPL Ghostscript [\d.]+:|\*+|Warning:|Error:)\s*/gi, '').trim())
    .filter(Boolean);
  return [...new Set(reasons)].slice(0, 3);
}

/** The message for a result that failed the check, naming the first thing that keeps it from conforming. */
export function problemMessage(problems: PdfaProblems, level: PdfaLevel, warnings: string[]): string {
  if (problems.fonts.length > 0) return fontsMessage(problems.fonts, level);
  if (problems.transparencyPages.length > 0) return transparencyMessage(problems.transparencyPages);
  const reasons = ghostscriptReasons(warnings);
  const values = { level: levelName(level) };
  if (problems.scripts) return runText('processors.pdfToPdfa.scripts', values);
  if (problems.encrypted) return runText('processors.pdfToPdfa.encrypted', values);
  const lacks = runText(problems.outputIntent ? 'processors.pdfToPdfa.lacksOutputIntent' : 'processors.pdfToPdfa.lacksIdentification', values);
  return reasons.length > 0 ? `${lacks} ${runText('processors.pdfToPdfa.ghostscriptSaid', { reasons: reasons.join(' ') })}` : lacks;
}

export function emptyPageMessage(pages: number[]): string {
  return runText('processors.pdfToPdfa.emptyPage', pageValues(pages));
}

export const GHOSTSCRIPT_FAILED = (level: PdfaLevel) => runText('processors.pdfToPdfa.ghostscriptFailed', { level: levelName(level) });

export const ghostscriptNotLoadedMessage = () => runText('processors.pdfToPdfa.ghostscriptNotLoaded');

export default defineProcessor(
  options,
  async (inputs, { level }, ctx) => {
    const input = firstInput(inputs);
    const part = Number(level[0]) as PdfaPart;
    const source = await openablePdfBytes(input.bytes);
    // The same clear messages as every PDF tool for a file that is not a PDF, is damaged or needs a password.
    const original = await loadPdf(source, input.name);
    const pageCount = original.getPageCount();
    // Ghostscript stops on a page without an area; name the page rather than fail the whole file vaguely.
    const empty = original.getPages().flatMap((page, index) => {
      const { width, height } = page.getMediaBox();
      return width * height === 0 ? [index + 1] : [];
    });
    if (empty.length > 0) throw new ToolError(emptyPageMessage(empty), { href: '/tools/rearrange-pdf', label: runText('processors.pdfToPdfa.openRearrange') });
    if (part === 1) {
      // Ghostscript would turn such pages into pictures (losing their text) or stop; say so first.
      const transparent = pagesWithTransparency(original, { groups: false });
      if (transparent.length > 0) throw new ToolError(transparencyMessage(transparent));
    }
    throwIfAborted(ctx.signal);
    ctx.onProgress(0, pageCount + 1);

    let run;
    try {
      run = await convertWithGhostscript(source, part, (page) => ctx.onProgress(Math.min(page - 1, pageCount), pageCount + 1));
    } catch (error) {
      if (error instanceof GhostscriptError) throw new ToolError(/^Could not load/.test(error.message) ? ghostscriptNotLoadedMessage() : GHOSTSCRIPT_FAILED(level));
      throw error;
    }
    throwIfAborted(ctx.signal);
    ctx.onProgress(pageCount, pageCount + 1);

    const doc = await PDFDocument.load(run.bytes, { updateMetadata: false });
    let bytes = run.bytes;
    if (containsActiveContent(doc)) {
      stripActiveContent(doc);
      // PDF/A-1 is PDF 1.4, which has no object streams.
      bytes = await doc.save({ useObjectStreams: part !== 1, addDefaultPage: false, updateFieldAppearances: false });
    }
    const lost = pagesLosingText(original, doc);
    if (lost.length > 0) throw new ToolError(lostTextMessage(lost, level));
    const problems = checkPdfa(doc, part);
    if (!passed(problems)) throw new ToolError(problemMessage(problems, level, run.warnings));
    ctx.onProgress(pageCount + 1, pageCount + 1);

    return [
      {
        bytes,
        type: 'application/pdf',
        meta: { pageCount, conformance: levelName(level) },
        ...(source !== input.bytes ? { note: restrictionsDroppedNote() } : {}),
      },
    ];
  },
  { ownsEncryption: true },
);
