/**
 * Opening PDFs with pdf-lib for every PDF processor, with the same clear
 * messages for non-PDF, damaged and password-protected files.
 */
import { PDFDocument } from 'pdf-lib';
import { ToolError } from '../errors';
import { ENCRYPTED_MESSAGE, UNLOCK_LINK, damagedPdfMessage, looksLikePdf, notPdfMessage } from './messages';

export { ENCRYPTED_MESSAGE, UNLOCK_LINK, damagedPdfMessage, isEncryptedPdf, looksLikePdf, notPdfMessage } from './messages';

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
  let pageCount = 0;
  try {
    // A file that only starts like a PDF may have no page tree at all.
    pageCount = doc.getPageCount();
  } catch {
    throw new ToolError(damagedPdfMessage(name));
  }
  if (pageCount === 0) throw new ToolError(damagedPdfMessage(name));
  return doc;
}
