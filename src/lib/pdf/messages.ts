/** The PDF messages and header checks shared by processors and pages, free of any PDF library. */

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
