/**
 * Opening PDFs with pdf-lib for every PDF processor, with the same clear
 * messages for non-PDF, damaged and password-protected files.
 *
 * pdf-lib cannot read encrypted files at all, yet many encrypted PDFs have an
 * empty open password and only an owner password that forbids printing or
 * editing: every reader opens them without asking. Such files are decrypted
 * with qpdf (no password) and opened from the decrypted copy; only a file that
 * really needs a password to open gets the unlock message.
 */
import { PDFDocument } from 'pdf-lib';
import { ToolError } from '../errors';
import { noPagesReason, pageTreeReason, damagedPdfError } from './damage';
import { encryptedMessage, unlockLink, damagedPdfMessage, looksLikePdf, mentionsEncryption, notPdfMessage } from './messages';
import { repairPages } from './repair';
import { assertStreamsFit } from './stream-bytes';

export { encryptedMessage, unlockLink, damagedPdfMessage, isEncryptedPdf, looksLikePdf, mentionsEncryption, notPdfMessage } from './messages';

/**
 * The decrypted copy of an encrypted PDF whose open password is empty (a
 * "restrictions-only" file); 'password' when the file needs a password to open,
 * null when qpdf cannot read it at all. qpdf is loaded here only, so
 * unencrypted files never fetch it.
 */
async function decryptWithoutPassword(bytes: Uint8Array): Promise<Uint8Array | 'password' | null> {
  const { INPUT_PATH, OUTPUT_PATH, isInvalidPassword, runQpdf } = await import('./qpdf');
  // No --password: qpdf tries the empty password, which is the open password of these files.
  const run = await runQpdf(['--decrypt', INPUT_PATH, OUTPUT_PATH], bytes);
  if (isInvalidPassword(run)) return 'password';
  // Exit code 3 is success with warnings about a repaired input.
  if ((run.code !== 0 && run.code !== 3) || !run.output) return null;
  return run.output;
}

/**
 * Bytes that any PDF engine (pdf-lib, Ghostscript, pdf.js) can open without a
 * password: the input itself, or the decrypted copy of a restrictions-only
 * file. For processors that hand the bytes to more than one engine, so the
 * file is decrypted once. Throws ToolError with the unlock message when the
 * file needs a password to open; a non-PDF, damaged or otherwise unreadable
 * file is returned as it is, for the engines to refuse with their own messages.
 */
export async function openablePdfBytes(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes) || !mentionsEncryption(bytes)) return bytes;
  const decrypted = await decryptWithoutPassword(bytes);
  if (decrypted === 'password') throw new ToolError(encryptedMessage(), unlockLink());
  return decrypted ?? bytes;
}

const ENCRYPTED = Symbol('encrypted');

/** pdf-lib's parse, or ENCRYPTED when pdf-lib refuses the file as encrypted. */
async function parse(bytes: Uint8Array, name: string): Promise<PDFDocument | typeof ENCRYPTED> {
  let doc: PDFDocument;
  // pdf-lib inflates object and cross-reference streams as it parses, with no ceiling.
  assertStreamsFit(bytes);
  try {
    doc = await PDFDocument.load(bytes.slice(), { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    if (error instanceof Error && /encrypted/i.test(error.message)) return ENCRYPTED;
    throw damagedPdfError(name, error) ?? new ToolError(damagedPdfMessage(name));
  }
  return doc.isEncrypted ? ENCRYPTED : doc;
}

/**
 * Loads a PDF for editing. A restrictions-only file (encrypted, empty open
 * password) is decrypted first, so its pages and content come through; the
 * document carries no restrictions, and the run core puts the owner's back on
 * what a tool saves from it (owner-restrictions.ts). Throws ToolError naming
 * the file when it is not a PDF or cannot be parsed, and the unlock message
 * when it needs a password to open. The input bytes are never modified.
 */
export async function loadPdf(bytes: Uint8Array, name: string): Promise<PDFDocument> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new ToolError(notPdfMessage(name));
  let doc = await parse(bytes, name);
  if (doc === ENCRYPTED) {
    const decrypted = await decryptWithoutPassword(bytes);
    // A file that needs a password, or whose encryption qpdf cannot handle either, keeps the unlock message.
    if (!(decrypted instanceof Uint8Array)) throw new ToolError(encryptedMessage(), unlockLink());
    doc = await parse(decrypted, name);
  }
  if (doc === ENCRYPTED) throw new ToolError(encryptedMessage(), unlockLink());
  let pageCount = 0;
  try {
    // A file that only starts like a PDF may have no page tree at all.
    pageCount = doc.getPageCount();
  } catch {
    throw new ToolError(damagedPdfMessage(name, pageTreeReason()));
  }
  if (pageCount === 0) throw new ToolError(damagedPdfMessage(name, noPagesReason()));
  repairPages(doc);
  return doc;
}
