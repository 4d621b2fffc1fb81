/** Plain text to a paginated PDF in embedded Unicode fonts (DejaVu Sans, and the CJK fonts when the text needs them). */
import { PageSizes, PDFDocument } from 'pdf-lib';
import { embedFonts } from '../fonts/embed';
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
  /** Collects the characters no font has (left out of the PDF). */
  missing?: Set<string>;
}

/** Lays the text out with word wrapping (long words are broken) and returns the PDF bytes. */
export async function textToPdf(text: string, options: TextPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (options.title) doc.setTitle(options.title);
  doc.setProducer('FileDesk');
  doc.setCreator('FileDesk');
  // The text decides whether the CJK fonts are needed.
  const fonts = await embedFonts(doc, ['regular'], [text]);
  const flow = new PdfFlow(doc, fonts, { pageSize: options.pageSize, margin: options.margin ?? 56 });
  flow.paragraph([{ text }], { size: options.fontSize, leading: 1.4 });
  for (const char of flow.missing) options.missing?.add(char);
  return doc.save({ useObjectStreams: true });
}
