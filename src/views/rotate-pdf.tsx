/**
 * Rotate PDF: the generic form (the turn and the page list) plus thumbnails
 * of the first chosen PDF; clicking a thumbnail adds the page to the list or
 * takes it out, and the chosen pages are drawn turned. In demo mode there is
 * no document to draw, so the form alone is shown.
 */
import { Text } from '@radix-ui/themes';
import { useEffect } from 'react';
import { usePdfDocument } from '../engine/pdf-pages/usePdfDocument';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { pageListText, pagesInList } from '../lib/page-ranges';
import { PageToggleGrid } from './rotate-pdf/PageToggleGrid';
import { PdfProblem } from './shared/useShownPage';
import './shared/pdf-views.css';

const FIELD = 'pages';

export default function RotatePdfView({ manifest }: ToolViewProps) {
  const page = useToolPage(manifest);
  const { run, form, values } = page;
  const file = run.files[0];
  const pdf = usePdfDocument(run.real ? file : undefined);
  const { pageCount } = pdf;
  const { setFacts } = run;
  // run.setFiles clears facts, so the count is published again for every new file.
  useEffect(() => {
    if (pageCount !== null) setFacts({ pageCount });
  }, [file, pageCount, setFacts]);

  const text = typeof values[FIELD] === 'string' ? values[FIELD] : '';
  const angle = Number(values.angle) || 0;
  const listed = pageCount === null ? null : pagesInList(text, pageCount);
  const chosen = new Set(listed ?? []);
  const toggle = (n: number) => {
    if (pageCount === null) return;
    const next = new Set(chosen);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    form.setValue(FIELD, pageListText([...next], pageCount), { shouldValidate: true, shouldDirty: true });
  };

  return (
    <ToolFrame
      page={page}
      afterInput={
        <>
          <PdfProblem error={pdf.error} />
          {pdf.doc && pageCount !== null && (
            <section aria-label={t('pdf-views.rotate.previewsLabel')} className="rotate-previews">
              <Text as="p" className="pdfv-aside" data-testid="rotate-summary" aria-live="polite">
                {listed === null
                  ? t('pdf-views.rotate.invalidList')
                  : listed.length === pageCount
                    ? t('pdf-views.rotate.everyPage')
                    : t('pdf-views.rotate.somePages', { count: listed.length, total: pageCount })}
                {run.files.length > 1 ? ` ${t('pdf-views.rotate.severalFiles', { name: file.name })}` : ''}
              </Text>
              <PageToggleGrid doc={pdf.doc} pageCount={pageCount} chosen={chosen} angle={angle} disabled={run.running} onToggle={toggle} />
            </section>
          )}
        </>
      }
    />
  );
}
