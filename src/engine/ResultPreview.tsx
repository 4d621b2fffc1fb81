/**
 * A look at a real result before it is downloaded: the picture for an image,
 * the first page for a PDF (pdf.js loads only then), the text with Copy for a
 * text file. Very large files are offered for download only.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { CompareSlider } from './CompareSlider';
import { isPreviewableText, TextPreview } from './TextPreview';
import type { ToolResult } from '../core/tool-result';
import { t } from '../lib/i18n/messages';

const PdfResultPreview = lazy(() => import('./pdf-pages/PdfResultPreview'));

/** Above this size an image or PDF is not previewed, so the page stays quick. */
export const PREVIEW_MAX_BYTES = 30 * 1024 * 1024;
const PREVIEWABLE_IMAGES = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;
/** Formats only some browsers display (JPEG XL: Safari, not Chromium or Firefox): tried, and explained when they fail. */
const MAYBE_PREVIEWABLE: Record<string, string> = { 'image/jxl': 'JPEG XL' };

export function noPreviewNote(label: string): string {
  return t('engine.preview.none', { format: label });
}

function ImagePreview({ blob, name, label }: { blob: Blob; name: string; label?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    setFailed(false);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  if (failed && label) return <p className="result-note" data-testid="result-no-preview">{noPreviewNote(label)}</p>;
  // An SVG shown through <img> runs no script and fetches nothing.
  return url ? <img className="result-preview" src={url} alt={t('engine.preview.image', { name })} loading="lazy" onError={() => setFailed(true)} /> : null;
}

/** `compare`: an image made from one image is shown over it with a before/after slider. */
export function ResultPreview({ result, compare = false }: { result: ToolResult; compare?: boolean }) {
  const { blob, name, original } = result;
  if (isPreviewableText(blob)) return <TextPreview blob={blob} name={name} />;
  if (blob.size > PREVIEW_MAX_BYTES) return null;
  if (compare && original && original.size <= PREVIEW_MAX_BYTES && PREVIEWABLE_IMAGES.test(blob.type) && PREVIEWABLE_IMAGES.test(original.type)) {
    return <CompareSlider before={original} after={blob} name={name} />;
  }
  if (PREVIEWABLE_IMAGES.test(blob.type)) return <ImagePreview blob={blob} name={name} />;
  // No before/after slider: where the browser cannot draw the result, the slider would show half a broken picture.
  if (MAYBE_PREVIEWABLE[blob.type]) return <ImagePreview blob={blob} name={name} label={MAYBE_PREVIEWABLE[blob.type]} />;
  if (blob.type === 'application/pdf')
    return (
      <Suspense fallback={null}>
        <PdfResultPreview blob={blob} name={name} />
      </Suspense>
    );
  return null;
}
