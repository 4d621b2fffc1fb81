/** One row of a PDF file list: first-page thumbnail and page count in real mode, name and size always. */
import { FileIcon } from 'lucide-react';
import { formatKb } from '../../lib/format-size';
import { PdfThumbnail } from '../../engine/pdf-pages/PdfThumbnail';
import { usePdfDocument } from '../../engine/pdf-pages/usePdfDocument';
import { t } from '../../lib/i18n/messages';
import './pdf-views.css';

export function pageCountText(count: number): string {
  return t('views.shared.pageCount', { count });
}

export function FileRow({ file, preview }: { file: File; preview: boolean }) {
  const pdf = usePdfDocument(preview ? file : undefined);
  return (
    <>
      <span className="pdfv-frame" style={{ width: 44, height: 44 }}>
        {pdf.doc ? <PdfThumbnail doc={pdf.doc} pageNumber={1} size={40} /> : <FileIcon size={18} aria-hidden="true" />}
      </span>
      <span className="pdfv-item-text">
        <span className="file-name">{file.name}</span>
        <span className="pdfv-item-detail">
          {formatKb(file.size)}
          {pdf.pageCount !== null && ` · ${pageCountText(pdf.pageCount)}`}
          {pdf.error && ` · ${t('views.shared.fileRow.unreadable')}`}
        </span>
      </span>
    </>
  );
}
