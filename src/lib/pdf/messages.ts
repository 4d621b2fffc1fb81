/** The PDF messages and header checks shared by processors and pages, free of any PDF library. */

export const ENCRYPTED_MESSAGE = 'This PDF is password-protected. Unlock it first with Unlock PDF.';
export const UNLOCK_LINK = { href: '/tools/unlock-pdf', label: 'Open Unlock PDF' };

export function notPdfMessage(name: string): string {
  return `The file ${name} is not a PDF. Please choose a PDF file.`;
}

/** The message for a PDF that cannot be read; with the reason when it is known ("its list of pages is broken"). */
export function damagedPdfMessage(name: string, reason?: string): string {
  if (!reason) return `The file ${name} is damaged and could not be read. Please choose another PDF.`;
  return `The file ${name} is damaged (${reason}) and could not be read. Open it in a PDF reader, save or print it as a new PDF, and try that copy, or choose another PDF.`;
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
