/** Plain text to a paginated PDF in an embedded Unicode font (DejaVu Sans). */
import { PageSizes, PDFDocument } from 'pdf-lib';
import { embedFonts } from './fonts';
import { PdfFlow } from './layout';

export type PageSizeName = 'a4' | 'letter' | 'legal';

export const PAGE_SIZES: Record<PageSizeName, [number, number]> = {
  a4: PageSizes.A4,
  letter: PageSizes.Letter,
  legal: PageSizes.Legal,
};

export interface TextPdfOptions {
  fontSize: number;
  pageSize: [number, number];
  margin?: number;
  title?: string;
}

/** Lays the text out with word wrapping (long words are broken) and returns the PDF bytes. */
export async function textToPdf(text: string, options: TextPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (options.title) doc.setTitle(options.title);
  doc.setProducer('FileDesk');
  doc.setCreator('FileDesk');
  const fonts = await embedFonts(doc, ['regular']);
  const flow = new PdfFlow(doc, fonts, { pageSize: options.pageSize, margin: options.margin ?? 56 });
  flow.paragraph([{ text }], { size: options.fontSize, leading: 1.4 });
  return doc.save({ useObjectStreams: true });
}
