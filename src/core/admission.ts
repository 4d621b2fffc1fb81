/**
 * Which files a run takes, the same on every host: the manifest's accepted
 * extensions and size limit, and no empty file. The page's drop zone says
 * the same words for the same files.
 */
import type { FileTypes } from '../../schemas/manifest';
import { megabytes } from '../lib/format-size';
import { runText } from '../lib/i18n/run-messages';

/** Accepted extensions, lower case with the dot, from a manifest's accept map. */
export function extensionsOf(accept: FileTypes): string[] {
  return [...new Set(Object.values(accept).flat().map((e) => e.toLowerCase()))];
}

/** The drop zone's words for a file over the size limit. */
export function tooLargeMessage(name: string, maxBytes: number): string {
  return runText('run.admission.tooLarge', { name, max: megabytes(maxBytes) });
}

/** The message of an input with no bytes at all. */
export function emptyFileMessage(name: string): string {
  return runText('run.admission.empty', { name });
}
