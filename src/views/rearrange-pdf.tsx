/**
 * Rearrange PDF: the pages (real ones with thumbnails, or 3 to 12 mock pages
 * in demo mode) can be moved, dragged, removed and, for real files, rotated.
 * Save sends the new order (0-based source indexes) and rotations.
 */
import { IconButton, Text } from '@radix-ui/themes';
import { RotateCw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { FileList } from '../engine/FileList';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { PdfThumbnail } from './shared/PdfThumbnail';
import { SortableList } from './shared/SortableList';
import { usePageCount } from './shared/usePageCount';

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

const pageLabel = (page: PageEntry) => `Page ${page.originalIndex + 1}`;

export default function RearrangePdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const real = !useDemoMode() && !!manifest.processor;
  const pdf = usePageCount(run, real, DEMO_PAGES);
  const file = run.files[0];
  const [list, setList] = useState<{ file?: File; pages: PageEntry[] }>({ pages: [] });

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run.run({ order: pages.map((p) => p.originalIndex), rotations: pages.map((p) => p.rotation) });
  };

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
        <FileList files={run.files} onChange={run.setFiles} disabled={run.running} />
        {pdf.error && <p className="pdfv-inline-error">{pdf.error}</p>}
        {file && pdf.pageCount !== null && (
          <Text as="p" className="pdfv-aside" data-testid="page-count">
            {pages.length} of {pdf.pageCount} pages kept{pdf.mock ? ' (demo: made-up pages)' : ''}.
          </Text>
        )}
        <SortableList
          items={pages}
          itemKey={(p) => p.id}
          itemLabel={pageLabel}
          label="Pages, in their new order"
          onChange={setPages}
          disabled={run.running}
          maxHeight={LIST_MAX_HEIGHT}
          renderItem={(page) => (
            <>
              <span className="pdfv-frame" style={{ width: 60, height: 60 }}>
                {pdf.doc ? (
                  <PdfThumbnail doc={pdf.doc} pageNumber={page.originalIndex + 1} size={56} rotation={page.rotation} />
                ) : (
                  <span className="pdfv-mock-page" aria-hidden="true">
                    {page.originalIndex + 1}
                  </span>
                )}
              </span>
              <span className="pdfv-item-text">
                <span className="file-name">{pageLabel(page)}</span>
                {page.rotation !== 0 && <span className="pdfv-item-detail">Turned {page.rotation}° clockwise</span>}
              </span>
            </>
          )}
          renderActions={(page) =>
            real && (
              <IconButton type="button" size="1" variant="soft" aria-label={`Rotate ${pageLabel(page)} clockwise`}
                disabled={run.running} onClick={() => rotate(page.id)}>
                <RotateCw size={14} />
              </IconButton>
            )
          }
        />
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={!file || pages.length === 0}
          progress={run.progress}
          onCancel={run.cancel}
        />
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
