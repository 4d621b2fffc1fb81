/**
 * Rearrange PDF: the pages (real ones with thumbnails, or 3 to 12 mock pages
 * in demo mode) can be moved, dragged, removed and, for real files, rotated.
 * Save sends the new order (0-based source indexes) and rotations.
 */
import { IconButton, Text } from '@radix-ui/themes';
import { RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PdfThumbnail } from '../engine/pdf-pages/PdfThumbnail';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { SortableList } from './shared/SortableList';
import { usePageCount } from './shared/usePageCount';
import { PdfProblem } from './shared/useShownPage';

/** Mock pages generated on upload in demo mode (specification section 4). */
const DEMO_PAGES = { min: 3, max: 12 };
/** Page list maximum height (specification section 9). */
const LIST_MAX_HEIGHT = 300;

interface PageEntry {
  id: string;
  /** 0-based index in the uploaded file. */
  originalIndex: number;
  /** Clockwise turn to add, in degrees. */
  rotation: number;
}

const pageLabel = (page: PageEntry) => t('pdf-views.rearrange.pageLabel', { page: page.originalIndex + 1 });

export default function RearrangePdfView({ manifest }: ToolViewProps) {
  const [list, setList] = useState<{ file?: File; pages: PageEntry[] }>({ pages: [] });
  const page = useToolPage(manifest, {
    beforeRun: (options) => ({
      options: { ...options, order: pages.map((p) => p.originalIndex), rotations: pages.map((p) => p.rotation) },
    }),
  });
  const { run } = page;
  const pdf = usePageCount(run, run.real, DEMO_PAGES);
  const file = run.files[0];

  useEffect(() => {
    if (file && pdf.pageCount !== null) {
      const pages = Array.from({ length: pdf.pageCount }, (_, i) => ({ id: `page-${i}`, originalIndex: i, rotation: 0 }));
      setList({ file, pages });
    }
  }, [file, pdf.pageCount]);
  const pages = list.file === file ? list.pages : [];
  const setPages = (next: PageEntry[]) => setList({ file, pages: next });
  const rotate = (id: string) =>
    setPages(pages.map((p) => (p.id === id ? { ...p, rotation: (p.rotation + 90) % 360 } : p)));

  return (
    <ToolFrame
      page={page}
      blocked={pages.length === 0}
      afterInput={
        <>
          <PdfProblem error={pdf.error} />
          {file && pdf.pageCount !== null && (
            <Text as="p" className="pdfv-aside" data-testid="page-count">
              {t(pdf.mock ? 'pdf-views.rearrange.keptDemo' : 'pdf-views.rearrange.kept', { kept: pages.length, total: pdf.pageCount })}
            </Text>
          )}
          <SortableList
            items={pages}
            itemKey={(p) => p.id}
            itemLabel={pageLabel}
            label={t('pdf-views.rearrange.listLabel')}
            onChange={setPages}
            disabled={run.running}
            maxHeight={LIST_MAX_HEIGHT}
            renderItem={(entry) => (
              <>
                <span className="pdfv-frame" style={{ width: 60, height: 60 }}>
                  {pdf.doc ? (
                    <PdfThumbnail doc={pdf.doc} pageNumber={entry.originalIndex + 1} size={56} rotation={entry.rotation} />
                  ) : (
                    <span className="pdfv-mock-page" aria-hidden="true">
                      {entry.originalIndex + 1}
                    </span>
                  )}
                </span>
                <span className="pdfv-item-text">
                  <span className="file-name">{pageLabel(entry)}</span>
                  {entry.rotation !== 0 && <span className="pdfv-item-detail">{t('pdf-views.rearrange.turned', { degrees: entry.rotation })}</span>}
                </span>
              </>
            )}
            renderActions={(entry) =>
              run.real && (
                <IconButton type="button" size="1" variant="soft" aria-label={t('pdf-views.rearrange.rotate', { page: entry.originalIndex + 1 })}
                  disabled={run.running} onClick={() => rotate(entry.id)}>
                  <RotateCw size={14} />
                </IconButton>
              )
            }
          />
        </>
      }
    />
  );
}
