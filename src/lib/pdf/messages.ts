/** The PDF messages and header checks shared by processors and pages, free of any PDF library. */
import { runText } from '../i18n/run-messages';

export const encryptedMessage = (): string => runText('run.pdf.encrypted');
/** The link to Unlock PDF shown with a message about a protected PDF. */
export const unlockLink = (): { href: string; label: string } => ({ href: '/tools/unlock-pdf', label: runText('run.pdf.unlockLink') });

export function notPdfMessage(name: string): string {
  return runText('run.pdf.notPdf', { name });
}

/** The message for a PDF that cannot be read; with the reason when it is known ("its list of pages is broken"). */
export function damagedPdfMessage(name: string, reason?: string): string {
  if (!reason) return runText('run.pdf.damaged', { name });
  return runText('run.pdf.damagedBecause', { name, reason });
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

const ENCRYPT_KEY = new TextEncoder().encode('/Encrypt');

/**
 * True when "/Encrypt" occurs anywhere in the file. Every encrypted PDF names
 * its encryption dictionary in plain text (trailer or cross-reference stream
 * dictionary, which are never encrypted), wherever that trailer sits, so a file
 * without it is certainly not encrypted. A match may be a false alarm.
 */
export function mentionsEncryption(bytes: Uint8Array): boolean {
  const first = ENCRYPT_KEY[0];
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - ENCRYPT_KEY.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < ENCRYPT_KEY.length && bytes[i + j] === ENCRYPT_KEY[j]) j++;
    if (j === ENCRYPT_KEY.length) return true;
  }
  return false;
}

/** Said when one compressed part (stream) of a PDF would decode to more than stream-bytes.ts allows. */
export const streamTooLargeMessage = (): string => runText('run.pdf.streamTooLarge');
