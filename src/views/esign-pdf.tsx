/**
 * eSign PDF: the visitor draws, types or uploads a signature, picks a page,
 * clicks its preview to place the signature box (then drags or resizes it,
 * or types its position), and signs. The processor gets the signature, the
 * box as fractions of the displayed page, and an optional date line.
 */
import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import { notify } from '../engine/notify';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { SignaturePanel } from './esign-pdf/signature-panel';
import { SignaturePlacer, type PlacedBox } from './esign-pdf/signature-placer';
import { signatureAspect, SignatureLook, signatureOptions, type SignatureValue } from './esign-pdf/signature-value';
import { PageNavigator } from './shared/PageNavigator';
import { PagePreview } from './shared/PagePreview';
import { ShownPageFrame, useShownPage } from './shared/useShownPage';

const PREVIEW_SIZE = 460;
/** The date line takes the bottom 28% of the box (as the processor draws it). */
const DATE_SHARE = 0.28;

/** Today as YYYY-MM-DD: unambiguous everywhere and in letters the embedded font has. */
function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export default function EsignPdfView({ manifest }: ToolViewProps) {
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [box, setBox] = useState<PlacedBox | null>(null);
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      if (!signature || !box) {
        notify.error(signature ? manifest.messages.noPlacement : manifest.messages.noSignature);
        return null;
      }
      const date = options.addDate ? todayText() : '';
      return { options: { ...options, ...signatureOptions(signature), placement: { page: shown, ...box }, date } };
    },
  });
  const { run, values } = page;
  const shownPage = useShownPage(run, () => setBox(null));
  const { pdf, shown, setShown, pageCount } = shownPage;
  const withDate = values.addDate === true;
  const aspect = (signature ? signatureAspect(signature) : 3) * (withDate ? 1 - DATE_SHARE : 1);

  const look = signature && (
    <>
      <span className="sig-box-main">
        <SignatureLook signature={signature} />
      </span>
      {withDate && (
        <span className="sig-box-date">
          <span>{todayText()}</span>
        </span>
      )}
    </>
  );

  return (
    <ShownPageFrame page={page} state={shownPage}>
      <SignaturePanel onChange={setSignature} disabled={run.running} />
      {pdf.doc && (
        <PageNavigator page={shown} pageCount={pageCount} onChange={setShown} label={t('pdf-views.esign.pageNavigator')} testId="sign-page" />
      )}
      <Text as="p" className="pdfv-aside">
        {t('pdf-views.esign.help')}
      </Text>
      <SignaturePlacer box={box} onChange={setBox} aspect={aspect} look={look} disabled={run.running}>
        <PagePreview doc={pdf.doc} page={shown} size={PREVIEW_SIZE} real={run.real} />
      </SignaturePlacer>
    </ShownPageFrame>
  );
}
