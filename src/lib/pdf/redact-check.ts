/**
 * The check Redact PDF makes on its own output before handing it over: the
 * saved file is read again with pdf.js, and the run fails if the search still
 * finds anything (in page text, comments or form field values), or if a page's text has a word an area removed more often
 * than the words kept on that page account for.
 */
import { ToolError } from '../errors';
import { findRanges, pageText, type RedactSearch, type TextPiece } from './redact-find';
import { annotationTexts } from './redact-annotations';
import { openPdfjs, pageTextItems } from './pdfjs';

/** What one page of the output may hold. */
export interface PageExpectation {
  /** 0-based page index. */
  page: number;
  /** The words areas removed from this page. */
  removedWords: string[];
  /** The text kept on this page, runs separated by line breaks. */
  keptText: string;
}

export interface Survivor {
  /** 1-based page number. */
  page: number;
  text: string;
}

const occurrences = (text: string, word: string) => findRanges(text, { emails: false, phones: false, words: [word] }).length;

/** What should have gone but is still in one page's text (`pieces` as pdf.js reads the output page). */
export function survivorsOnPage(pieces: readonly TextPiece[], search: RedactSearch, expected?: PageExpectation): string[] {
  const { text } = pageText(pieces);
  const left = findRanges(text, search).map((r) => text.slice(r.start, r.end));
  for (const word of new Set(expected?.removedWords ?? [])) {
    if (occurrences(text, word) > occurrences(expected!.keptText, word)) left.push(word);
  }
  return left;
}

/** Reads `bytes` with pdf.js and lists every redacted text it can still extract. */
export async function findSurvivors(bytes: Uint8Array, name: string, search: RedactSearch, expectations: readonly PageExpectation[]): Promise<Survivor[]> {
  const byPage = new Map(expectations.map((e) => [e.page, e]));
  const pdf = await openPdfjs(bytes, name);
  try {
    const survivors: Survivor[] = [];
    for (let n = 1; n <= pdf.doc.numPages; n++) {
      const page = await pdf.doc.getPage(n);
      const pieces = await pageTextItems(page);
      // Comments and form field values are read as text of their own, each on its own line.
      const notes = (await annotationTexts(page)).map((annotation) => ({ str: annotation.text, hasEOL: true }));
      page.cleanup();
      for (const text of survivorsOnPage(pieces, search, byPage.get(n - 1))) survivors.push({ page: n, text });
      for (const text of survivorsOnPage(notes, search)) survivors.push({ page: n, text });
    }
    return survivors;
  } finally {
    await pdf.destroy();
  }
}

/** Throws a ToolError naming what survived, so a file that still shows redacted text is never handed over. */
export function assertNothingSurvives(survivors: readonly Survivor[]): void {
  if (survivors.length === 0) return;
  const list = survivors
    .slice(0, 5)
    .map((s) => `"${s.text}" on page ${s.page}`)
    .join(', ');
  throw new ToolError(
    `Redaction stopped: the redacted PDF still contains text that should have been removed (${list}). ` +
      'No file was produced. This PDF stores its text in a way the tool cannot redact safely; please try drawing larger boxes.',
  );
}
