/**
 * Opening PDFs with pdf-lib for every PDF processor, with the same clear
 * messages for non-PDF, damaged and password-protected files.
 */
import { PDFDocument } from 'pdf-lib';
import { ToolError } from '../errors';

export const ENCRYPTED_MESSAGE = 'This PDF is password-protected. Unlock it first with Unlock PDF.';
export const UNLOCK_LINK = { href: '/tools/unlock-pdf', label: 'Open Unlock PDF' };

export function notPdfMessage(name: string): string {
  return `The file ${name} is not a PDF. Please choose a PDF file.`;
}

export function damagedPdfMessage(name: string): string {
  return `The file ${name} is damaged and could not be read. Please choose another PDF.`;
}

/** True when the bytes start with a PDF header (allowing leading junk in the first 1 KB, as readers do). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** True when the file has an /Encrypt entry in a trailer or cross-reference stream. */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 65536)));
  return /\/Encrypt\s/.test(tail) || /\/Encrypt\s*\d+\s+\d+\s+R/.test(tail);
}

/**
 * Loads a PDF for editing. Throws ToolError naming the file when it is not a
 * PDF, is encrypted, or cannot be parsed. The input bytes are never modified.
 */
export async function loadPdf(bytes: Uint8Array, name: string): Promise<PDFDocument> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new ToolError(notPdfMessage(name));
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes.slice(), { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    if (error instanceof Error && /encrypted/i.test(error.message)) throw new ToolError(ENCRYPTED_MESSAGE, UNLOCK_LINK);
    throw new ToolError(damagedPdfMessage(name));
  }
  if (doc.isEncrypted) throw new ToolError(ENCRYPTED_MESSAGE, UNLOCK_LINK);
  if (doc.getPageCount() === 0) throw new ToolError(damagedPdfMessage(name));
  return doc;
}
