/**
 * Unlock PDF: removes the password from a PDF when the visitor knows it
 * (the password to open it, or the owner password), through qpdf. A PDF that
 * opens without a password and only restricts printing, copying or editing
 * (an owner password alone) is unlocked without asking for any password.
 * Removing them is the point, so the run core does not put the owner's
 * restrictions back on the result (ownsEncryption).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { damageReasonIn } from '../lib/pdf/damage';
import { damagedPdfMessage, loadPdf, looksLikePdf, notPdfMessage } from '../lib/pdf/load';
import { INPUT_PATH, isInvalidPassword, OUTPUT_PATH, runQpdf } from '../lib/pdf/qpdf';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** The options of manifests/pdf/unlock-pdf.json. */
export const options = z.object({
  /** The file's user or owner password; may be blank for a file that opens without one. */
  password: z.string(),
});

export const passwordRequiredMessage = () => runText('processors.unlockPdf.passwordRequired');
export const wrongPasswordMessage = () => runText('processors.unlockPdf.wrongPassword');
export const notEncryptedMessage = () => runText('processors.unlockPdf.notEncrypted');
export const restrictionsRemovedNotice = () => runText('processors.unlockPdf.restrictionsRemoved');

export default defineProcessor(options, async (inputs, { password }, ctx) => {
  const input = firstInput(inputs);
  if (input.bytes.byteLength === 0 || !looksLikePdf(input.bytes)) throw new ToolError(notPdfMessage(input.name));
  ctx.onProgress(0, 3);

  // With no password, --requires-password answers 3 when the file is encrypted but the empty
  // password opens it (owner restrictions only), 2 with nothing on stderr when it is not encrypted,
  // and 0 or "invalid password" when a password is needed to open it; anything else is damage.
  const check = await runQpdf(['--requires-password', INPUT_PATH], input.bytes);
  throwIfAborted(ctx.signal);
  if (check.code === 2 && !check.stderr.trim()) throw new ToolError(notEncryptedMessage());
  const restrictionsOnly = check.code === 3;
  if (!restrictionsOnly && check.code !== 0 && !isInvalidPassword(check)) throw new ToolError(damagedPdfMessage(input.name, damageReasonIn(check.stderr) ?? undefined));
  // Whatever was typed is not needed for a file that opens without a password.
  if (!restrictionsOnly && !password.trim()) throw new ToolError(passwordRequiredMessage());
  ctx.onProgress(1, 3);

  const run = await runQpdf([...(restrictionsOnly ? [] : [`--password=${password}`]), '--decrypt', INPUT_PATH, OUTPUT_PATH], input.bytes);
  throwIfAborted(ctx.signal);
  if (isInvalidPassword(run)) throw new ToolError(wrongPasswordMessage());
  if ((run.code !== 0 && run.code !== 3) || !run.output) throw new ToolError(damagedPdfMessage(input.name, damageReasonIn(run.stderr) ?? undefined));
  ctx.onProgress(2, 3);

  const doc = await loadPdf(run.output, input.name);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(3, 3);
  return [
    {
      bytes,
      type: 'application/pdf',
      meta: { pageCount: doc.getPageCount() },
      ...(restrictionsOnly ? { notice: restrictionsRemovedNotice() } : {}),
    },
  ];
}, { ownsEncryption: true });
