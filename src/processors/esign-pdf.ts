/**
 * eSign PDF: stamps a drawn, uploaded or typed signature (and optionally a
 * date line) into the box the visitor placed on one page. Every other page is
 * left as it was; the output is sanitised like every PDF the site returns.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { OptionValues } from '../../schemas/manifest';
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { base64ToBytes, checkSignatureImage } from '../lib/image/signature-image';
import { loadFontBytes, type FontVariant } from '../lib/pdf/fonts';
import { loadPdf } from '../lib/pdf/load';
import { pageRotation, visibleBox } from '../lib/pdf/page-box';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { assertFontCovers, drawPictureIn, drawTextIn, frameBand, placementFrame, type Placement } from '../lib/pdf/signature';

/** The options this processor reads (the view builds them; only addDate is a manifest field). */
export interface EsignPdfOptions {
  /** A drawn or uploaded signature: PNG or JPEG bytes as base64 (a data: URL is accepted). Wins over signatureText. */
  signatureImage?: string;
  /** A typed signature, one line, at most 100 characters. */
  signatureText?: string;
  /** The DejaVu Sans style of a typed signature: "italic" (default) or "boldItalic". */
  signatureFont?: 'italic' | 'boldItalic';
  /** Where the signature goes: fractions of the displayed page's visible box from its top-left; page is 0-based. */
  placement?: Placement;
  /** A line added under the signature inside the box (such as today's date); empty or absent: none. */
  date?: string;
}

export const NO_SIGNATURE_MESSAGE = 'Please draw, type or upload a signature first.';
export const NO_PLACEMENT_MESSAGE = 'Click the page preview to place your signature.';
export const MAX_TEXT_LENGTH = 100;
/** With a date line the signature takes the top of the box and the date the bottom 28%. */
const DATE_SHARE = 0.28;

type Signature = { kind: 'image'; bytes: Uint8Array; format: 'png' | 'jpeg' } | { kind: 'text'; text: string; font: FontVariant };

function readSignature(options: OptionValues): Signature {
  const { signatureImage, signatureText, signatureFont } = options;
  if (typeof signatureImage === 'string' && signatureImage.trim() !== '') {
    const bytes = base64ToBytes(signatureImage);
    if (!bytes) throw new ToolError('The signature image could not be read. Please draw or upload your signature again.');
    return { kind: 'image', bytes, format: checkSignatureImage(bytes, 'The signature image').format };
  }
  const text = typeof signatureText === 'string' ? signatureText.replace(/\s+/g, ' ').trim() : '';
  if (!text) throw new ToolError(NO_SIGNATURE_MESSAGE);
  if ([...text].length > MAX_TEXT_LENGTH) throw new ToolError(`Your typed signature is longer than ${MAX_TEXT_LENGTH} characters. Please shorten it.`);
  return { kind: 'text', text, font: signatureFont === 'boldItalic' ? 'boldItalic' : 'italic' };
}

/** The placement, kept on the page; throws when it is missing or has no area. */
export function readPlacement(value: unknown): Placement {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ToolError(NO_PLACEMENT_MESSAGE);
  const v = value as Record<string, unknown>;
  const n = (key: string) => (typeof v[key] === 'number' && Number.isFinite(v[key]) ? (v[key] as number) : NaN);
  const page = n('page');
  const x = Math.min(1, Math.max(0, n('x')));
  const y = Math.min(1, Math.max(0, n('y')));
  const width = Math.min(1 - x, n('width'));
  const height = Math.min(1 - y, n('height'));
  if (!Number.isInteger(page) || page < 0 || !(width > 0.005 && height > 0.005)) throw new ToolError(NO_PLACEMENT_MESSAGE);
  return { page, x, y, width, height };
}

async function embedDejaVu(doc: PDFDocument, variant: FontVariant): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await loadFontBytes(variant), { subset: true });
}

const esignPdf: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to sign.');
  const signature = readSignature(options);
  const placement = readPlacement(options.placement);
  const date = typeof options.date === 'string' ? options.date.replace(/\s+/g, ' ').trim().slice(0, 60) : '';
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  if (placement.page >= pages.length) {
    throw new ToolError(`Page ${placement.page + 1} does not exist in this PDF, which has ${pages.length} pages.`);
  }
  ctx.onProgress(0, 1);
  throwIfAborted(ctx.signal);

  const page = pages[placement.page];
  const frame = placementFrame(visibleBox(page), pageRotation(page), placement);
  const signatureFrame = date ? frameBand(frame, DATE_SHARE, 1) : frame;
  if (signature.kind === 'image') {
    let image;
    try {
      image = signature.format === 'png' ? await doc.embedPng(signature.bytes) : await doc.embedJpg(signature.bytes);
    } catch {
      throw new ToolError('The signature image is damaged and could not be read. Please draw or upload your signature again.');
    }
    drawPictureIn(page, image, signatureFrame);
  } else {
    const font = await embedDejaVu(doc, signature.font);
    assertFontCovers(font, signature.text, 'Your typed signature');
    drawTextIn(page, signature.text, font, signatureFrame);
  }
  if (date) {
    const font = await embedDejaVu(doc, 'regular');
    assertFontCovers(font, date, 'The date line');
    drawTextIn(page, date, font, frameBand(frame, 0, DATE_SHARE * 0.9));
  }
  throwIfAborted(ctx.signal);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, signedPage: placement.page + 1 } }];
};

export default esignPdf;
