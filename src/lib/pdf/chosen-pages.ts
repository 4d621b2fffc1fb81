/**
 * The pages a tool works on, from the page list the visitor typed, with a
 * message for the visitor when the list is not valid or names none of the
 * file's pages.
 */
import { pagesInList } from '../page-ranges';
import { ToolError } from '../errors';
import { runText } from '../i18n/run-messages';

/** The message for a page list that cannot be read. */
export function invalidPageListMessage(text: string): string {
  return runText('run.pages.invalidList', { list: text.trim() });
}

/**
 * 0-based indexes of the pages `text` names in a file of `pageCount` pages
 * (blank: every page). Throws ToolError when the list is not valid, or when
 * none of its pages is in the file named `name`.
 */
export function chosenPages(text: string, pageCount: number, name: string): number[] {
  const pages = pagesInList(text, pageCount);
  if (pages === null) throw new ToolError(invalidPageListMessage(text));
  if (pages.length === 0) {
    throw new ToolError(runText('run.pages.noneChosen', { name, count: pageCount, list: text.trim() }));
  }
  return pages.map((page) => page - 1);
}
