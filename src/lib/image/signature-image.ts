/**
 * A signature picture (drawn or uploaded, PNG or JPEG) checked from its
 * header before anything decodes it, and carried as base64 because option
 * values travel to the worker as JSON.
 */
import { base64Bytes } from '../base64';
import { ToolError } from '../errors';
import { readImageHeader, sniffFormat, type ImageHeader } from './header';
import { runText } from '../i18n/run-messages';

/** A signature needs no more pixels than this a side; larger pictures are refused before decoding. */
export const MAX_SIGNATURE_SIDE = 4000;
/** Signature picture files larger than this (5 MB) are refused. */
export const MAX_SIGNATURE_BYTES = 5 * 1024 * 1024;

// The signature views and the processor pass the picture as base64 through this module.
export { bytesToBase64 } from '../base64';

/**
 * Format and size of a signature picture. `label` names it in messages
 * ("The file sig.png", "The signature image"). Throws ToolError when it is
 * empty, too big, not a PNG or JPEG, unreadable, or too many pixels.
 */
export function checkSignatureImage(bytes: Uint8Array, label: string): ImageHeader {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.signatureImage.empty', { label }));
  if (bytes.byteLength > MAX_SIGNATURE_BYTES) {
    throw new ToolError(runText('run.signatureImage.tooLarge', { label }));
  }
  const format = sniffFormat(bytes);
  if (format !== 'png' && format !== 'jpeg') {
    throw new ToolError(runText('run.signatureImage.notPngOrJpg', { label }));
  }
  const header = readImageHeader(bytes);
  if (!header) throw new ToolError(runText('run.signatureImage.damaged', { label }));
  if (header.width > MAX_SIGNATURE_SIDE || header.height > MAX_SIGNATURE_SIDE) {
    throw new ToolError(
      runText('run.signatureImage.tooManyPixels', { label, width: header.width, height: header.height, side: MAX_SIGNATURE_SIDE }),
    );
  }
  return header;
}

/** The bytes of base64 text (a data: URL prefix is allowed); null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  try {
    return base64Bytes(body);
  } catch {
    return null;
  }
}
