/** The first page of a PDF result, drawn with the preview layer; a result that cannot be opened shows nothing. */
import { useEffect, useState } from 'react';
import { openPreview, type PreviewDocument } from '../../lib/pdf/preview';
import { PdfThumbnail } from './PdfThumbnail';
import { t } from '../../lib/i18n/messages';

const SIZE = 160;

export default function PdfResultPreview({ blob, name }: { blob: Blob; name: string }) {
  const [preview, setPreview] = useState<PreviewDocument | null>(null);
  useEffect(() => {
    let live = true;
    let opened: PreviewDocument | null = null;
    openPreview(new File([blob], name, { type: 'application/pdf' })).then(
      (doc) => {
        if (!live) return void doc.close();
        opened = doc;
        setPreview(doc);
      },
      () => {},
    );
    return () => {
      live = false;
      void opened?.close();
    };
  }, [blob, name]);
  if (!preview) return null;
  return (
    <figure className="result-preview" aria-label={t('engine.preview.pdfFirstPage', { name })}>
      <span className="pdfv-frame" style={{ width: SIZE + 4, height: SIZE + 4 }}>
        <PdfThumbnail doc={preview.doc} pageNumber={1} size={SIZE} />
      </span>
    </figure>
  );
}
