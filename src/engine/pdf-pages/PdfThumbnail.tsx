/**
 * One page of a preview document drawn on a canvas, only once it scrolls into
 * view, so a 500-page file renders just the pages on screen. A render still
 * running when the thumbnail goes away is cancelled.
 */
import { useEffect, useRef, useState } from 'react';
import './pdf-pages.css';
import type { RenderTask } from 'pdfjs-dist';
import { canvasPixelRatio, fitScale, type PDFDocumentProxy } from '../../lib/pdf/preview';
import { useInView } from './useInView';
import { t } from '../../lib/i18n/messages';
import { plainNumber } from '../sizes';

interface PdfThumbnailProps {
  doc: PDFDocumentProxy;
  /** 1-based. */
  pageNumber: number;
  /** The page is fitted in a box of size x size CSS pixels. */
  size: number;
  /** Extra clockwise turn shown (a pending rotation), in degrees. */
  rotation?: number;
  /** Leaves form fields' drawn look off the page, for a view that lays its own controls over them. */
  withoutFormFields?: boolean;
}

/** pdf.js's AnnotationMode.ENABLE_FORMS: annotations drawn, form fields left to an HTML layer (here, the view's controls). */
const ANNOTATIONS_WITHOUT_FORMS = 2;

export function PdfThumbnail({ doc, pageNumber, size, rotation = 0, withoutFormFields = false }: PdfThumbnailProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const visible = useInView(canvas);
  const [state, setState] = useState<'waiting' | 'done' | 'failed'>('waiting');
  // Until the page is measured, assume a portrait sheet.
  const [box, setBox] = useState({ width: Math.round(size * 0.77), height: size });

  useEffect(() => {
    const target = canvas.current;
    if (!visible || !target) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = fitScale(natural.width, natural.height, size);
      const ratio = canvasPixelRatio(window.devicePixelRatio);
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = Math.max(1, Math.round(viewport.width));
      target.height = Math.max(1, Math.round(viewport.height));
      setBox({ width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) });
      task = page.render({ canvas: target, viewport, ...(withoutFormFields ? { annotationMode: ANNOTATIONS_WITHOUT_FORMS } : {}) });
      await task.promise;
      if (!cancelled) setState('done');
    })().catch(() => {
      // A cancelled render rejects too; only a real failure is shown.
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, size, visible, withoutFormFields]);

  return (
    <canvas
      ref={canvas}
      className={`pdfv-thumb pdfv-thumb-${state}`}
      style={{ width: box.width, height: box.height, transform: rotation ? `rotate(${rotation}deg)` : undefined }}
      role="img"
      aria-label={t(state === 'failed' ? 'engine.pdfPages.pageFailed' : 'engine.pdfPages.page', { page: plainNumber(pageNumber) })}
      data-testid="pdf-thumbnail"
    />
  );
}
