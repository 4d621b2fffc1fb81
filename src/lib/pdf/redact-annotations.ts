/**
 * Text that a page carries outside its content stream: comments (an
 * annotation's contents and author) and filled form fields (their values).
 * pdf.js's page text leaves these out, so the search reads them here; a match
 * blacks out the whole annotation, which goes with the flattened page.
 */
import type { PDFPageProxy } from './pdfjs';
import type { Rect } from './redact-geometry';

export interface AnnotationText {
  text: string;
  /** The annotation's rectangle in user space: [x1, y1, x2, y2]. */
  rect: number[];
}

/** The fields of pdf.js's annotation data that hold text a reader can see or copy. */
interface AnnotationData {
  rect?: number[];
  annotationFlags?: number;
  contentsObj?: { str?: string };
  titleObj?: { str?: string };
  fieldValue?: unknown;
  textContent?: string[];
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  return '';
}

/**
 * Each annotation's texts, joined by line breaks, with its rectangle; annotations without text are left out.
 * 'display' gives those a reader shows (the page picture covers them), 'any' the hidden ones too.
 */
export async function annotationTexts(page: PDFPageProxy, intent: 'display' | 'any' = 'display'): Promise<AnnotationText[]> {
  const annotations = (await page.getAnnotations({ intent })) as AnnotationData[];
  const out: AnnotationText[] = [];
  for (const annotation of annotations) {
    // Hidden (2) and NoView (32): nothing of it is on the page to black out; redact-document.ts removes it from the file.
    if (intent === 'display' && (annotation.annotationFlags ?? 0) & (2 | 32)) continue;
    const parts = [annotation.contentsObj?.str, annotation.titleObj?.str, valueText(annotation.fieldValue), ...(annotation.textContent ?? [])];
    const text = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n');
    if (text && annotation.rect?.length === 4) out.push({ text, rect: annotation.rect });
  }
  return out;
}

/** An annotation's rectangle in display points, given pdf.js's viewport at scale 1. */
export function annotationBox(rect: number[], viewport: { convertToViewportRectangle(rect: number[]): number[] }): Rect {
  const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(rect) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
