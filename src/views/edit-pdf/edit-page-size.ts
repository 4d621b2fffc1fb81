/** The size in points of a preview page as a reader shows it (after /Rotate, inside the CropBox). */
import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from '../../lib/pdf/preview';

export interface PageSize {
  width: number;
  height: number;
}

/** The shown size of page `pageNumber` (1-based) of `doc`; null until measured or without a document. */
export function usePageSize(doc: PDFDocumentProxy | null, pageNumber: number): PageSize | null {
  const [measured, setMeasured] = useState<{ doc: PDFDocumentProxy; pageNumber: number; size: PageSize } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let live = true;
    doc.getPage(pageNumber).then(
      (page) => {
        const { width, height } = page.getViewport({ scale: 1 });
        if (live) setMeasured({ doc, pageNumber, size: { width, height } });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [doc, pageNumber]);
  return measured && measured.doc === doc && measured.pageNumber === pageNumber ? measured.size : null;
}
