/**
 * Opens the chosen PDF with the main-thread pdf.js preview layer and reports
 * its page count; a locked or damaged file gives the project's Error toast.
 */
import { useEffect, useState } from 'react';
import { notify } from '../notify';
import { t } from '../../lib/i18n/messages';
import { openPreview, PreviewError, previewProblem, type PDFDocumentProxy, type PreviewDocument } from '../../lib/pdf/preview';

export interface PdfDocumentState {
  /** The open document, for thumbnails; null until loaded. */
  doc: PDFDocumentProxy | null;
  pageCount: number | null;
  /** The message shown when the file could not be opened. */
  error: string | null;
  loading: boolean;
}

const EMPTY: PdfDocumentState = { doc: null, pageCount: null, error: null, loading: false };

/** The preview document of `file` (undefined: nothing to open, as in demo mode). */
export function usePdfDocument(file: File | undefined): PdfDocumentState {
  const [state, setState] = useState<{ file?: File; value: PdfDocumentState }>({ value: EMPTY });

  useEffect(() => {
    if (!file) return;
    let live = true;
    let opened: PreviewDocument | null = null;
    openPreview(file).then(
      (preview) => {
        if (!live) return void preview.close();
        opened = preview;
        setState({ file, value: { doc: preview.doc, pageCount: preview.pageCount, error: null, loading: false } });
      },
      (error: unknown) => {
        if (!live) return;
        const problem = error instanceof PreviewError ? error.problem : previewProblem(error, file.name);
        notify.error(problem.message, t('engine.toast.error'), problem.link);
        setState({ file, value: { ...EMPTY, error: problem.message } });
      },
    );
    return () => {
      live = false;
      void opened?.close();
    };
  }, [file]);

  if (!file) return EMPTY;
  // Until this file's answer arrives, an earlier file's document must not show.
  return state.file === file ? state.value : { ...EMPTY, loading: true };
}
