/**
 * The chosen PDF, shown one page at a time (crop, sign and edit views): its
 * pdf.js document in real mode, the 0-based page shown (back to the first
 * page whenever another file is chosen), and whether a run must wait for the
 * document. Demo mode has no document: those views show a stand-in page.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePdfDocument } from '../../engine/pdf-pages/usePdfDocument';
import { ToolFrame, type ToolPageState } from '../../engine/ToolPage';
import type { ToolRun } from '../../engine/useToolRun';

/** `onNewFile` resets the view's own state for another file (a crop box, a placed signature, edits). */
export function useShownPage(run: ToolRun, onNewFile: () => void) {
  const file = run.files[0];
  const pdf = usePdfDocument(run.real ? file : undefined);
  const [shown, setShown] = useState(0);
  const reset = useRef(onNewFile);
  reset.current = onNewFile;
  useEffect(() => {
    setShown(0);
    reset.current();
  }, [file]);
  return { file, pdf, shown, setShown, pageCount: pdf.pageCount ?? 1, waiting: run.real && !pdf.doc };
}

/** Why the chosen PDF cannot be shown (damaged, locked, not a PDF), under the file list. */
export function PdfProblem({ error }: { error: string | null }) {
  return error ? <p className="pdfv-inline-error">{error}</p> : null;
}

/**
 * The page frame of a one-page-at-a-time view: runs wait for the document,
 * a problem with the PDF shows under the file list, and the view's own
 * parts (`children`) show once a file is chosen.
 */
export function ShownPageFrame({ page, state, children }: { page: ToolPageState; state: ReturnType<typeof useShownPage>; children: ReactNode }) {
  return (
    <ToolFrame
      page={page}
      blocked={state.waiting}
      afterInput={
        <>
          <PdfProblem error={state.pdf.error} />
          {state.file && children}
        </>
      }
    />
  );
}
