/**
 * Redact PDF: the visitor goes through the pages and draws boxes over what
 * to remove, and/or asks the options to search for email addresses, phone
 * numbers and words. The processor gets the boxes as `redactions`, each on
 * its 0-based page as fractions of the page as shown.
 */
import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import { notify } from '../engine/notify';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import type { FractionBox } from '../contract/view-extras';
import { RedactArea } from './redact-pdf/RedactArea';
import type { Redaction } from './redact-pdf/redact-boxes';
import { PageNavigator } from './shared/PageNavigator';
import { PagePreview } from './shared/PagePreview';
import { ShownPageFrame, useShownPage } from './shared/useShownPage';

const PREVIEW_SIZE = 420;

/** True when the options ask the search for something. */
function searches(options: Record<string, unknown>): boolean {
  return options.emails === true || options.phones === true || (typeof options.words === 'string' && /[^\s,]/.test(options.words));
}

export default function RedactPdfView({ manifest }: ToolViewProps) {
  const [redactions, setRedactions] = useState<Redaction[]>([]);
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      if (redactions.length > 0 || searches(options)) return { options: { ...options, redactions: redactions.map((r) => ({ ...r })) } };
      notify.error(manifest.messages.nothingToRedact);
      return null;
    },
  });
  const { run } = page;
  const shownPage = useShownPage(run, () => setRedactions([]));
  const { pdf, shown, setShown, pageCount } = shownPage;

  const onPage = redactions.filter((r) => r.page === shown);
  // The n-th box of the page shown, as an index into all boxes.
  const indexOf = (n: number) => redactions.indexOf(onPage[n]!);
  const total = redactions.length;

  return (
    <ShownPageFrame page={page} state={shownPage}>
      {pdf.doc && <PageNavigator page={shown} pageCount={pageCount} onChange={setShown} label={t('pdf-views.redact.pageNavigator')} testId="redact-page" />}
      <Text as="p" className="pdfv-aside">
        {t('pdf-views.redact.help')}
      </Text>
      <RedactArea
        boxes={onPage}
        disabled={run.running}
        onAdd={(box: FractionBox) => setRedactions((all) => [...all, { ...box, page: shown }])}
        onChange={(n, box) => {
          const at = indexOf(n);
          setRedactions((all) => all.map((r, i) => (i === at ? { ...box, page: r.page } : r)));
        }}
        onRemove={(n) => {
          const at = indexOf(n);
          setRedactions((all) => all.filter((_, i) => i !== at));
        }}
      >
        <PagePreview doc={pdf.doc} page={shown} size={PREVIEW_SIZE} real={run.real} />
      </RedactArea>
      <Text as="p" className="pdfv-aside" aria-live="polite" data-testid="redact-count">
        {t('pdf-views.redact.count', { count: total })}
      </Text>
    </ShownPageFrame>
  );
}
