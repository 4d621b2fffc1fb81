/**
 * eSign PDF: stamps a drawn, uploaded or typed signature (and optionally a
 * date line) into the box the visitor placed on one page. Every other page is
 * left as it was; the output is sanitised like every PDF the site returns.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { base64ToBytes, checkSignatureImage } from '../lib/image/signature-image';
import { loadFontBytes, type FontVariant } from '../lib/fonts/embed';
import { loadPdf } from '../lib/pdf/load';
import { pageRotation, visibleBox } from '../lib/pdf/page-box';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { assertFontCovers, drawPictureIn, drawTextIn, frameBand, placementFrame, type Placement } from '../lib/pdf/signature';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

const fraction = z.number().min(0).max(1);

/** The options the view builds (the manifest's addDate becomes the date line). */
export const options = z.object({
  /** A drawn or uploaded signature: PNG or JPEG bytes as base64 (a data: URL is accepted). Wins over signatureText. */
  signatureImage: z.string().optional(),
  /** A typed signature, one line, at most 100 characters. */
  signatureText: z.string().optional(),
  /** The DejaVu Sans style of a typed signature. */
  signatureFont: z.enum(['italic', 'boldItalic']).default('italic'),
  /** Where the signature goes: fractions of the displayed page's visible box from its top-left, kept on the page; page is 0-based. */
  placement: z
    .object({ page: z.number().int().min(0), x: fraction, y: fraction, width: fraction, height: fraction })
    .transform((p): Placement => ({ ...p, width: Math.min(1 - p.x, p.width), height: Math.min(1 - p.y, p.height) }))
    .optional(),
  /** A line added under the signature inside the box (such as today's date); empty: none. */
  date: z.string().max(60).default(''),
});
export type EsignPdfOptions = z.output<typeof options>;

export const noSignatureMessage = () => runText('processors.esignPdf.noSignature');
export const noPlacementMessage = () => runText('processors.esignPdf.noPlacement');
export const MAX_TEXT_LENGTH = 100;
/** With a date line the signature takes the top of the box and the date the bottom 28%. */
const DATE_SHARE = 0.28;

type Signature = { kind: 'image'; bytes: Uint8Array; format: 'png' | 'jpeg' } | { kind: 'text'; text: string; font: FontVariant };

function readSignature({ signatureImage, signatureText, signatureFont }: EsignPdfOptions): Signature {
  if (signatureImage !== undefined && signatureImage.trim() !== '') {
    const bytes = base64ToBytes(signatureImage);
    if (!bytes) throw new ToolError(runText('processors.esignPdf.imageUnreadable'));
    return { kind: 'image', bytes, format: checkSignatureImage(bytes, runText('processors.esign.signatureImage')).format };
  }
  const text = (signatureText ?? '').replace(/\s+/g, ' ').trim();
  if (!text) throw new ToolError(noSignatureMessage());
  if ([...text].length > MAX_TEXT_LENGTH) throw new ToolError(runText('processors.esignPdf.textTooLong', { max: MAX_TEXT_LENGTH }));
  return { kind: 'text', text, font: signatureFont };
}

/** The placement; throws when it is missing or has no area. */
function readPlacement(placement: Placement | undefined): Placement {
  if (!placement || !(placement.width > 0.005 && placement.height > 0.005)) throw new ToolError(noPlacementMessage());
  return placement;
}

async function embedDejaVu(doc: PDFDocument, variant: FontVariant): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await loadFontBytes(variant), { subset: true });
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const signature = readSignature(options);
  const placement = readPlacement(options.placement);
  const date = options.date.replace(/\s+/g, ' ').trim();
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  if (placement.page >= pages.length) {
    throw new ToolError(runText('processors.pages.noSuchPage', { page: placement.page + 1, count: pages.length }));
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
      throw new ToolError(runText('processors.esignPdf.imageDamaged'));
    }
    drawPictureIn(page, image, signatureFrame);
  } else {
    const font = await embedDejaVu(doc, signature.font);
    assertFontCovers(font, signature.text, runText('processors.esign.typedSignature'));
    drawTextIn(page, signature.text, font, signatureFrame);
  }
  if (date) {
    const font = await embedDejaVu(doc, 'regular');
    assertFontCovers(font, date, runText('processors.esign.dateLine'));
    drawTextIn(page, date, font, frameBand(frame, 0, DATE_SHARE * 0.9));
  }
  throwIfAborted(ctx.signal);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, signedPage: placement.page + 1 } }];
});
