/** DOCX to HTML with mammoth, after the archive's sizes have been checked. */
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { ToolError } from '../errors';
import { isOle2, looksLikeZip, readZip, zipBombMessage, zipNames } from '../zip';
import { runText } from '../i18n/run-messages';

export const legacyDocMessage = (): string => runText('run.word.legacyDoc');

/** Message for a file that is neither a .docx nor a .doc. */
export function notWordMessage(name: string): string {
  return runText('run.word.notWord', { name });
}

/** Message for a ZIP archive that is not a .docx (for example an .xlsx or a plain zip). */
export function zipNotDocxMessage(name: string): string {
  return runText('run.word.zipNotDocx', { name });
}

/** Message for a .docx that cannot be read. */
export function damagedDocxMessage(name: string): string {
  return runText('run.word.damaged', { name });
}

/**
 * Converts a .docx to HTML (images as data URIs). Throws ToolError for legacy
 * .doc files, non-Word files, damaged or oversized archives.
 */
export async function docxToHtml(name: string, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.word.empty', { name }));
  if (isOle2(bytes)) throw new ToolError(legacyDocMessage());
  if (!looksLikeZip(bytes)) throw new ToolError(notWordMessage(name));
  const damaged = damagedDocxMessage(name);
  if (!zipNames(bytes, damaged).includes('word/document.xml')) throw new ToolError(zipNotDocxMessage(name));
  const files = readZip(bytes, {
    damaged,
    tooLarge: runText('run.word.tooLarge', { name }),
    bomb: zipBombMessage(name),
  });
  // Re-packed without compression: mammoth's unzipper then only copies the already size-checked bytes.
  const stored = zipSync(files, { level: 0 });
  try {
    const result = await mammoth.convertToHtml({ arrayBuffer: stored.buffer as ArrayBuffer, buffer: stored } as unknown as { arrayBuffer: ArrayBuffer });
    return result.value;
  } catch {
    throw new ToolError(damaged);
  }
}
