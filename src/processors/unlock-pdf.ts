/**
 * Unlock PDF: removes the password from a PDF when the visitor knows it
 * (the password to open it, or the owner password), through qpdf.
 */
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { damagedPdfMessage, loadPdf, looksLikePdf, notPdfMessage } from '../lib/pdf/load';
import { INPUT_PATH, isInvalidPassword, OUTPUT_PATH, runQpdf } from '../lib/pdf/qpdf';
import { stripActiveContent } from '../lib/pdf/sanitize';

/** The options of manifests/pdf/unlock-pdf.json. */
export const options = z.object({
  /** The file's user or owner password. */
  password: z.string(),
});

export const PASSWORD_REQUIRED_MESSAGE = 'Please enter the PDF password.';
export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect.';
export const NOT_ENCRYPTED_MESSAGE = 'This PDF is not password-protected, so there is nothing to unlock.';

export default defineProcessor(options, async (inputs, { password }, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to unlock.');
  if (!password.trim()) throw new ToolError(PASSWORD_REQUIRED_MESSAGE);
  if (input.bytes.byteLength === 0 || !looksLikePdf(input.bytes)) throw new ToolError(notPdfMessage(input.name));
  ctx.onProgress(0, 3);

  // Exit codes of --requires-password: 3 encrypted and the password opens it, 2 not encrypted or an error.
  const check = await runQpdf(['--requires-password', `--password=${password}`, INPUT_PATH], input.bytes);
  throwIfAborted(ctx.signal);
  if (isInvalidPassword(check) || check.code === 0) throw new ToolError(WRONG_PASSWORD_MESSAGE);
  if (check.code === 2 && !check.stderr.trim()) throw new ToolError(NOT_ENCRYPTED_MESSAGE);
  if (check.code !== 3) throw new ToolError(damagedPdfMessage(input.name));
  ctx.onProgress(1, 3);

  const run = await runQpdf([`--password=${password}`, '--decrypt', INPUT_PATH, OUTPUT_PATH], input.bytes);
  throwIfAborted(ctx.signal);
  if ((run.code !== 0 && run.code !== 3) || !run.output) throw new ToolError(damagedPdfMessage(input.name));
  ctx.onProgress(2, 3);

  const doc = await loadPdf(run.output, input.name);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(3, 3);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: doc.getPageCount() } }];
});
