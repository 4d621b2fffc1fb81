/**
 * The pages a tool works on, from the page list the visitor typed, with a
 * message for the visitor when the list is not valid or names none of the
 * file's pages.
 */
import { pagesInList } from '../page-ranges';
import { ToolError } from '../errors';

/** The message for a page list that cannot be read. */
export function invalidPageListMessage(text: string): string {
  return `The page list "${text.trim()}" is not valid. Use page numbers and ranges such as 1-3, 5.`;
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
    throw new ToolError(`${name} has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}, so it has none of the pages ${text.trim()}.`);
  }
  return pages.map((page) => page - 1);
}
