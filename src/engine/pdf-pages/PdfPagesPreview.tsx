/**
 * Thumbnails of the chosen PDF's pages for tools that work on page numbers
 * (a manifest's `"preview": "pdf-pages"`). Also reports the real page count,
 * so number fields can use it as their maximum, and warns at once about a
 * locked or damaged file.
 */
import { useEffect } from 'react';
import { PageStrip } from './PageStrip';
import { usePdfDocument } from './usePdfDocument';
import { t } from '../../lib/i18n/messages';

export default function PdfPagesPreview({ file, onPageCount }: { file: File; onPageCount(count: number): void }) {
  const { doc, pageCount } = usePdfDocument(file);
  useEffect(() => {
    if (pageCount) onPageCount(pageCount);
  }, [pageCount, onPageCount]);
  if (!doc || !pageCount) return null;
  return (
    <section aria-label={t('engine.pdfPages.label')} className="pdf-pages-preview">
      <p className="field-help">
        {t('engine.pdfPages.count', { count: pageCount })}
      </p>
      <PageStrip doc={doc} pageCount={pageCount} />
    </section>
  );
}
