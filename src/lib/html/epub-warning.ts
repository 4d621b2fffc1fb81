/** The Warning of EPUB to PDF for parts of a book that could not be drawn. */
import { runText } from '../i18n/run-messages';

/** Names at most this many files; the rest are counted. */
const NAMED = 5;

/** A sentence naming the book's files (archive paths) that are missing from the PDF in whole or in part; undefined when there are none. */
export function leftOutWarning(paths: string[]): string | undefined {
  if (paths.length === 0) return undefined;
  const names = paths.slice(0, NAMED).join(', ');
  if (paths.length <= NAMED) return runText('run.epub.leftOut', { names });
  return runText('run.epub.leftOutMore', { names, more: paths.length - NAMED });
}
