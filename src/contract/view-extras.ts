/**
 * What bespoke views add to a run's options beyond the manifest's fields:
 * values only a page can give (a painted mask, a placed box, a translation
 * made in the page). The manifest's schema passes them through untouched; the
 * processor's own zod schema checks their shape, as it does every value it reads.
 */
import type { OptionValues } from '../../schemas/manifest';

/** A box as fractions 0..1 of the displayed page or image, from its top-left. */
export type FractionBox = { x: number; y: number; width: number; height: number };

/** One object drawn on a PDF page by the editor (src/lib/pdf/annotate.ts, pdfEditSchema). */
export type PageEdit = FractionBox & {
  page: number;
  kind: string;
  text?: string;
  fontSize?: number;
  color?: string;
  strokeWidth?: number;
  imageBase64?: string;
};

export interface ViewExtras {
  /** text-to-speech: the audio a press asks for, the MP3 download or the WAV the page plays. */
  format?: 'mp3' | 'wav';
  /** pdf-translator: each page's paragraphs, translated in the page before the run. */
  translated?: { page: number; paragraphs: string[] }[];
  /** pdf-translator: the language the text was translated from. */
  sourceLanguage?: string;
  /** add-text-to-image: where the visitor placed the text, as fractions of the image. */
  textX?: number;
  textY?: number;
  /** edit-pdf: the objects to draw, in stacking order. */
  edits?: PageEdit[];
  /** esign-pdf: a drawn or uploaded signature as base64, or a typed one with its style. */
  signatureImage?: string;
  signatureText?: string;
  signatureFont?: 'italic' | 'boldItalic';
  /** esign-pdf: where the signature goes, on a 0-based page. */
  placement?: FractionBox & { page: number };
  /** esign-pdf: the line under the signature (today's date), empty for none. */
  date?: string;
  /** rearrange-pdf: 0-based source pages in their new order, and each one's added rotation. */
  order?: number[];
  rotations?: number[];
  /** inpaint-brush: the painted area, run-length coded on a grid (src/lib/image/ops/inpaint-mask.ts). */
  mask?: { width: number; height: number; runs: number[] };
  /** crop-pdf: the box drawn on the shown page, and that page (0-based). */
  crop?: FractionBox;
  page?: number;
  /** redact-pdf: the boxes to black out, each on a 0-based page. */
  redactions?: (FractionBox & { page: number })[];
}

/** The values a run takes: the manifest's fields, and what a view adds. */
export type RunValues = OptionValues & ViewExtras;
