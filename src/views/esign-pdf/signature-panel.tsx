/**
 * The three ways to make a signature, as tabs: Draw, Type, Upload. Each tab
 * keeps what was made in it; the signature in use is the open tab's.
 */
import { Tabs } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { t } from '../../lib/i18n/messages';
import { SignatureDraw } from './signature-draw';
import { SignatureType } from './signature-type';
import { SignatureUpload } from './signature-upload';
import type { SignatureValue } from './signature-value';
import './signature-pad.css';

type Way = 'draw' | 'type' | 'upload';

export function SignaturePanel({ onChange, disabled }: { onChange(value: SignatureValue | null): void; disabled?: boolean }) {
  const [way, setWay] = useState<Way>('draw');
  // A drawing is exported asynchronously; the tab open when it lands decides whether it is used.
  const openWay = useRef<Way>('draw');
  const made = useRef<Record<Way, SignatureValue | null>>({ draw: null, type: null, upload: null });
  const update = (from: Way) => (value: SignatureValue | null) => {
    made.current[from] = value;
    if (from === openWay.current) onChange(value);
  };
  const open = (next: string) => {
    openWay.current = next as Way;
    setWay(next as Way);
    onChange(made.current[next as Way]);
  };
  return (
    <section className="sig-panel" aria-label={t('pdf-views.esign.panelLabel')}>
      <Tabs.Root value={way} onValueChange={open}>
        <Tabs.List aria-label={t('pdf-views.esign.waysLabel')}>
          <Tabs.Trigger value="draw">{t('pdf-views.esign.tab.draw')}</Tabs.Trigger>
          <Tabs.Trigger value="type">{t('pdf-views.esign.tab.type')}</Tabs.Trigger>
          <Tabs.Trigger value="upload">{t('pdf-views.esign.tab.upload')}</Tabs.Trigger>
        </Tabs.List>
        {/* Kept mounted, so a drawing or a chosen picture survives a look at another tab. */}
        <Tabs.Content value="draw" forceMount className="sig-tab">
          <SignatureDraw onChange={update('draw')} disabled={disabled} />
        </Tabs.Content>
        <Tabs.Content value="type" forceMount className="sig-tab">
          <SignatureType onChange={update('type')} disabled={disabled} />
        </Tabs.Content>
        <Tabs.Content value="upload" forceMount className="sig-tab">
          <SignatureUpload onChange={update('upload')} disabled={disabled} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
