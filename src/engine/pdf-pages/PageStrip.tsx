/** Thumbnails of every page of a preview document, drawn as they scroll into view. */
import type { PDFDocumentProxy } from '../../lib/pdf/preview';
import { PdfThumbnail } from './PdfThumbnail';
import { t } from '../../lib/i18n/messages';
import { plainNumber } from '../sizes';

export function PageStrip({ doc, pageCount, size = 96 }: { doc: PDFDocumentProxy; pageCount: number; size?: number }) {
  return (
    <ul className="pdfv-strip" aria-label={t('engine.pdfPages.strip')}>
      {Array.from({ length: pageCount }, (_, i) => (
        <li key={i}>
          <span className="pdfv-frame" style={{ width: size + 4, height: size + 4 }}>
            <PdfThumbnail doc={doc} pageNumber={i + 1} size={size} />
          </span>
          <span className="pdfv-page-number">{plainNumber(i + 1)}</span>
        </li>
      ))}
    </ul>
  );
}
