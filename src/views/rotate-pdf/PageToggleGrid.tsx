/**
 * Thumbnails of the chosen PDF as toggle buttons: a page that will be turned
 * is drawn turned and marked. The grid only shows and edits the page list;
 * the "pages" field stays the one source of what is rotated, so typing a list
 * and clicking pages are the same choice.
 */
import { PdfThumbnail } from '../../engine/pdf-pages/PdfThumbnail';
import { t } from '../../lib/i18n/messages';
import type { PDFDocumentProxy } from '../../lib/pdf/preview';
import './rotate-pdf.css';

interface PageToggleGridProps {
  doc: PDFDocumentProxy;
  pageCount: number;
  /** 1-based pages that will be turned. */
  chosen: ReadonlySet<number>;
  /** Clockwise turn shown on the chosen pages, in degrees. */
  angle: number;
  disabled: boolean;
  onToggle(page: number): void;
}

const SIZE = 88;

export function PageToggleGrid({ doc, pageCount, chosen, angle, disabled, onToggle }: PageToggleGridProps) {
  return (
    <ul className="rotate-grid" aria-label={t('pdf-views.rotate.gridLabel')}>
      {Array.from({ length: pageCount }, (_, i) => {
        const page = i + 1;
        const on = chosen.has(page);
        // The last chosen page stays chosen: a blank list would mean every page.
        const locked = on && chosen.size === 1;
        return (
          <li key={page}>
            <button
              type="button"
              className="rotate-page"
              aria-pressed={on}
              aria-label={t('pdf-views.rotate.pageLabel', { page })}
              title={locked ? t('pdf-views.rotate.lastPageLocked') : undefined}
              disabled={disabled || locked}
              onClick={() => onToggle(page)}
            >
              <span className="pdfv-frame" style={{ width: SIZE + 4, height: SIZE + 4 }}>
                <PdfThumbnail doc={doc} pageNumber={page} size={SIZE} rotation={on ? angle : 0} />
              </span>
              <span className="pdfv-page-number">
                {page}
                {on ? ` · ${angle}°` : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
