/** A text result shown in the page, with Copy: extracted text is often wanted on the clipboard, not in a file. */
import { Button } from '@radix-ui/themes';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from './notify';
import { t } from '../lib/i18n/messages';

export const copiedMessage = () => t('engine.textPreview.copied');
export const copyFailedMessage = () => t('engine.textPreview.copyFailed');
/** Larger texts are offered for download only, so the page stays quick. */
export const PREVIEW_LIMIT_BYTES = 2 * 1024 * 1024;

export function isPreviewableText(blob: Blob): boolean {
  return blob.type.startsWith('text/') && blob.size <= PREVIEW_LIMIT_BYTES;
}

export function TextPreview({ blob, name }: { blob: Blob; name: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void blob.text().then((read) => live && setText(read));
    return () => {
      live = false;
    };
  }, [blob]);
  if (text === null) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(copiedMessage());
    } catch {
      notify.error(copyFailedMessage());
    }
  };
  return (
    <details className="text-preview">
      <summary>{t('engine.textPreview.show')}</summary>
      <textarea readOnly value={text} rows={10} aria-label={t('engine.textPreview.label', { name })} className="text-preview-area" />
      <Button type="button" variant="soft" onClick={copy}>
        <Copy size={16} aria-hidden="true" /> {t('engine.textPreview.copy')}
      </Button>
    </details>
  );
}
