/** One page of the chosen PDF, or a blank stand-in page in demo mode or while the file loads. */
import type { PDFDocumentProxy } from '../../lib/pdf/preview';
import { PdfThumbnail } from '../../engine/pdf-pages/PdfThumbnail';
import { t } from '../../lib/i18n/messages';

export function PagePreview({ doc, page, size, real }: { doc: PDFDocumentProxy | null; page: number; size: number; real: boolean }) {
  if (doc) return <PdfThumbnail doc={doc} pageNumber={page + 1} size={size} />;
  return <div className="pdfv-crop-mock" role="img" aria-label={real ? t('views.shared.pagePreview.loading') : t('views.shared.pagePreview.demo')} />;
}
