/**
 * Protect PDF: AES-256 encryption with the visitor's password, through qpdf.
 * Scripts and auto-run actions are removed first, so an encrypted file cannot
 * hide them from inspection. The visitor's password and permissions replace
 * whatever the original had, so the run core leaves the result's encryption
 * alone (ownsEncryption).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from '../lib/pdf/qpdf';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** The options this processor reads. Only `password` is a manifest field today. */
export const options = z.object({
  /** The password needed to open the file; at least 6 characters, checked with the page's messages. */
  password: z.string(),
  /** The password that lifts the restrictions below; blank or absent: a random one nobody knows. */
  ownerPassword: z.string().optional(),
  /** Permissions. */
  allowPrinting: z.boolean().default(true),
  allowCopying: z.boolean().default(true),
  allowEditing: z.boolean().default(true),
});
export type ProtectPdfOptions = z.output<typeof options>;

export const MIN_PASSWORD_LENGTH = 6;
export const passwordRequiredMessage = () => runText('processors.protectPdf.passwordRequired');
export const passwordTooShortMessage = () => runText('processors.protectPdf.passwordTooShort', { min: MIN_PASSWORD_LENGTH });

/** A 192-bit random password, written in hex. */
function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Checks the password and returns it unchanged (spaces are part of a password). */
export function readPassword(password: string): string {
  if (!password.trim()) throw new ToolError(passwordRequiredMessage());
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new ToolError(passwordTooShortMessage());
  return password;
}

/** qpdf's --encrypt arguments for a 256-bit key with the chosen permissions. */
export function encryptArgs(password: string, owner: string, options: Pick<ProtectPdfOptions, 'allowPrinting' | 'allowCopying' | 'allowEditing'>): string[] {
  return [
    '--encrypt',
    `--user-password=${password}`,
    `--owner-password=${owner}`,
    '--bits=256',
    `--print=${options.allowPrinting ? 'full' : 'none'}`,
    `--extract=${options.allowCopying ? 'y' : 'n'}`,
    `--modify=${options.allowEditing ? 'all' : 'none'}`,
    '--',
    INPUT_PATH,
    OUTPUT_PATH,
  ];
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const password = readPassword(options.password);
  const owner = options.ownerPassword?.trim() ? options.ownerPassword : randomPassword();
  ctx.onProgress(0, 2);
  const doc = await loadPdf(input.bytes, input.name);
  stripActiveContent(doc);
  const clean = await doc.save();
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 2);
  const run = await runQpdf(encryptArgs(password, owner, options), clean);
  // Exit code 3 means success with warnings about the (repaired) input.
  if ((run.code !== 0 && run.code !== 3) || !run.output) {
    throw new ToolError(runText('processors.protectPdf.notEncrypted', { name: input.name }));
  }
  throwIfAborted(ctx.signal);
  ctx.onProgress(2, 2);
  return [{ bytes: run.output, type: 'application/pdf', meta: { pageCount: doc.getPageCount(), encryption: 'AES-256' } }];
}, { ownsEncryption: true });
