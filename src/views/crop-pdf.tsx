/**
 * Crop PDF: the visitor picks a page, draws the area to keep on its preview
 * (or types the margins), and applies it to every page or this page only.
 * The processor gets crop {x, y, width, height} as fractions of the page.
 */
import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import { notify } from '../engine/notify';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { CropArea } from './crop-pdf/CropArea';
import { hasArea, type CropBox } from './crop-pdf/crop-box';
import { PageNavigator } from './shared/PageNavigator';
import { PagePreview } from './shared/PagePreview';
import { ShownPageFrame, useShownPage } from './shared/useShownPage';

/** The box offered before the visitor draws one: 10% off every edge. */
const START_BOX: CropBox = { x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
const PREVIEW_SIZE = 420;

export default function CropPdfView({ manifest }: ToolViewProps) {
  const [box, setBox] = useState<CropBox>(START_BOX);
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      if (hasArea(box)) return { options: { ...options, crop: { ...box }, page: shown } };
      notify.error(manifest.messages.emptyCrop);
      return null;
    },
  });
  const { run } = page;
  const shownPage = useShownPage(run, () => setBox(START_BOX));
  const { pdf, shown, setShown, pageCount } = shownPage;

  return (
    <ShownPageFrame page={page} state={shownPage}>
      {pdf.doc && (
        <PageNavigator page={shown} pageCount={pageCount} onChange={setShown} label={t('pdf-views.crop.pageNavigator')} testId="crop-page" />
      )}
      <Text as="p" className="pdfv-aside">
        {t('pdf-views.crop.help')}
      </Text>
      <CropArea box={box} onChange={setBox} disabled={run.running}>
        <PagePreview doc={pdf.doc} page={shown} size={PREVIEW_SIZE} real={run.real} />
      </CropArea>
    </ShownPageFrame>
  );
}
