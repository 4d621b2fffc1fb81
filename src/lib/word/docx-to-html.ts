/** DOCX to HTML with mammoth, after the archive's sizes have been checked. */
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { ToolError } from '../errors';
import { isOle2, looksLikeZip, readZip, zipBombMessage, zipNames } from '../zip';

export const LEGACY_DOC_MESSAGE =
  'This is a legacy Word .doc file, which cannot be read here. Open it in Word or LibreOffice and save it as .docx, then try again.';

/** Message for a file that is neither a .docx nor a .doc. */
export function notWordMessage(name: string): string {
  return `The file ${name} is not a Word document. Please choose a .docx file.`;
}

/** Message for a ZIP archive that is not a .docx (for example an .xlsx or a plain zip). */
export function zipNotDocxMessage(name: string): string {
  return `The file ${name} is a ZIP archive but not a Word document (it has no word/document.xml). Please choose a .docx file.`;
}

/** Message for a .docx that cannot be read. */
export function damagedDocxMessage(name: string): string {
  return `The file ${name} is damaged and could not be read as a Word document. Open it in Word and save it again as .docx, then try again.`;
}

/**
 * Converts a .docx to HTML (images as data URIs). Throws ToolError for legacy
 * .doc files, non-Word files, damaged or oversized archives.
 */
export async function docxToHtml(name: string, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength === 0) throw new ToolError(`The file ${name} is empty. Please choose a .docx file.`);
  if (isOle2(bytes)) throw new ToolError(LEGACY_DOC_MESSAGE);
  if (!looksLikeZip(bytes)) throw new ToolError(notWordMessage(name));
  const damaged = damagedDocxMessage(name);
  if (!zipNames(bytes, damaged).includes('word/document.xml')) throw new ToolError(zipNotDocxMessage(name));
  const files = readZip(bytes, {
    damaged,
    tooLarge: `The file ${name} expands to more than 200 MB and cannot be converted here. Please choose a smaller document.`,
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
