/** The Warning of EPUB to PDF for parts of a book that could not be drawn. */

/** Names at most this many files; the rest are counted. */
const NAMED = 5;

/** A sentence naming the book's files (archive paths) that are missing from the PDF in whole or in part; undefined when there are none. */
export function leftOutWarning(paths: string[]): string | undefined {
  if (paths.length === 0) return undefined;
  const names = paths.slice(0, NAMED).join(', ');
  const more = paths.length > NAMED ? ` and ${paths.length - NAMED} more` : '';
  return `Some pages of the book could not be drawn (pictures in formats other than JPEG, PNG and SVG, or empty drawings) and are missing from the PDF in whole or in part: ${names}${more}.`;
}
