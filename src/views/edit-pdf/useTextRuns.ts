/**
 * The text runs of the shown page, read by PDFium in the page. The engine
 * (about 4.6 MB) loads only when the visitor turns text editing on, with its
 * download progress; each page is read once per file.
 */
import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n/messages';
import type { TextRun } from './text-edits';

export type RunsState =
  | { status: 'off' }
  | { status: 'loading'; progress: number }
  | { status: 'ready'; runs: TextRun[] }
  | { status: 'error'; message: string };

export function useTextRuns(file: File | undefined, page: number, enabled: boolean): RunsState {
  const [state, setState] = useState<RunsState>({ status: 'off' });
  const [cache] = useState(() => new WeakMap<File, Map<number, TextRun[]>>());
  useEffect(() => {
    if (!enabled || !file) {
      setState({ status: 'off' });
      return;
    }
    let live = true;
    const known = cache.get(file)?.get(page);
    if (known) {
      setState({ status: 'ready', runs: known });
      return;
    }
    setState({ status: 'loading', progress: 0 });
    void (async () => {
      try {
        const [{ loadPdfium, engineLoadFailedMessage }, { readTextRuns }] = await Promise.all([import('../../lib/pdf/pdfium'), import('../../lib/pdf/pdfium-text')]);
        const pdfium = await loadPdfium((progress) => live && setState({ status: 'loading', progress })).catch(() => {
          throw new Error(engineLoadFailedMessage());
        });
        const bytes = new Uint8Array(await file.arrayBuffer());
        const runs = readTextRuns(pdfium, bytes, [page], file.name);
        const pages = cache.get(file) ?? new Map<number, TextRun[]>();
        pages.set(page, runs);
        cache.set(file, pages);
        if (live) setState({ status: 'ready', runs });
      } catch (error) {
        if (live) setState({ status: 'error', message: error instanceof Error && error.message ? error.message : t('pdf-views.edit.textLoadProblem') });
      }
    })();
    return () => {
      live = false;
    };
  }, [file, page, enabled, cache]);
  return state;
}
