/** A text result shown in the page, with Copy: extracted text is often wanted on the clipboard, not in a file. */
import { Button } from '@radix-ui/themes';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from './notify';

export const COPIED_MESSAGE = 'Text copied to clipboard!';
export const COPY_FAILED_MESSAGE = 'Failed to copy text. Please try again.';
/** Larger texts are offered for download only, so the page stays quick. */
export const PREVIEW_LIMIT_BYTES = 2 * 1024 * 1024;

export function isPreviewableText(blob: Blob): boolean {
  return blob.type.startsWith('text/') && blob.size <= PREVIEW_LIMIT_BYTES;
}

export function TextPreview({ blob, name }: { blob: Blob; name: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void blob.text().then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [blob]);
  if (text === null) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(COPIED_MESSAGE);
    } catch {
      notify.error(COPY_FAILED_MESSAGE);
    }
  };
  return (
    <details className="text-preview">
      <summary>Show the text</summary>
      <textarea readOnly value={text} rows={10} aria-label={`Text of ${name}`} className="text-preview-area" />
      <Button type="button" variant="soft" onClick={copy}>
        <Copy size={16} aria-hidden="true" /> Copy text
      </Button>
    </details>
  );
}
