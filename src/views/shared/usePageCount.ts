/**
 * The page count a page-choosing view works with: the real count from pdf.js,
 * or in demo mode a random mock count drawn once per chosen file (as the
 * specification's demo does). It is published as the run fact "pageCount".
 */
import { useEffect, useState } from 'react';
import type { ToolRun } from '../../engine/useToolRun';
import { randomBetween } from './mock-pages';
import { usePdfDocument, type PdfDocumentState } from '../../engine/pdf-pages/usePdfDocument';

export interface PageCountState extends PdfDocumentState {
  /** True when the count is a demo mock, not read from the file. */
  mock: boolean;
}

export function usePageCount(run: ToolRun, real: boolean, mockRange: { min: number; max: number }): PageCountState {
  const file = run.files[0];
  const pdf = usePdfDocument(real ? file : undefined);
  const [mock, setMock] = useState<{ file?: File; count: number }>({ count: 0 });

  useEffect(() => {
    if (!real && file) setMock({ file, count: randomBetween(mockRange.min, mockRange.max) });
  }, [file, real, mockRange.min, mockRange.max]);

  const pageCount = real ? pdf.pageCount : mock.file === file && file ? mock.count : null;
  const { setFacts } = run;
  // run.setFiles clears facts, so the count is published again for every new file.
  useEffect(() => {
    if (pageCount !== null) setFacts({ pageCount });
  }, [file, pageCount, setFacts]);

  return { ...pdf, pageCount, mock: !real, loading: real ? pdf.loading : !!file && pageCount === null };
}
