/**
 * AI Image Generator: a prompt, Generate Image (the engine's simulation),
 * then a preview. There is no image model on the device, so the preview and
 * the download are a sample picture bundled with the site; the result card
 * shows the prompt cut at 50 characters.
 */
import { Card, Heading } from '@radix-ui/themes';
import { useMemo, useRef, useState } from 'react';
import { ResultList } from '../engine/ResultList';
import { cutText } from '../contract/rules';
import { RESULT_LIST_HEIGHT, ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolResult } from '../core/tool-result';
import type { ToolViewProps } from '../engine/view-modules';
import { downloadBlob } from '../lib/download';
import { t } from '../lib/i18n/messages';

/** Served by the site itself (public/samples), never from another origin. */
export const SAMPLE_IMAGE_URL = `${import.meta.env.BASE_URL}samples/ai-image-preview.png`;
export const PROMPT_PREVIEW_LENGTH = 50;

export { cutText };

/** The bundled sample picture as a PNG blob, or null when it cannot be read. */
async function loadSample(): Promise<Blob | null> {
  try {
    const response = await fetch(SAMPLE_IMAGE_URL);
    if (!response.ok) return null;
    const blob = await response.blob();
    return blob.type === 'image/png' ? blob : new Blob([blob], { type: 'image/png' });
  } catch {
    return null;
  }
}

export default function AiImageGenerator({ manifest }: ToolViewProps) {
  const [made, setMade] = useState<{ prompt: string; image: Blob | null } | null>(null);
  const prompt = useRef('');
  const page = useToolPage(manifest, {
    beforeRun: (values) => {
      prompt.current = String(values.prompt);
      setMade(null);
      return {};
    },
    afterRun: () => void loadSample().then((image) => setMade({ prompt: prompt.current, image })),
  });
  const { run } = page;

  // The engine's placeholder is replaced by the sample picture, and the card shows the prompt.
  const results: ToolResult[] = useMemo(
    () =>
      made
        ? run.results.map((r) => ({
            ...r,
            blob: made.image ?? r.blob,
            size: made.image?.size ?? r.size,
            meta: { ...r.meta, prompt: cutText(made.prompt, PROMPT_PREVIEW_LENGTH) },
          }))
        : run.results,
    [made, run.results],
  );
  // The run holds the placeholders; a card shown here downloads the sample it shows (a stale card gets the engine's message).
  const download = (result: ToolResult) => (results.includes(result) ? downloadBlob(result.blob, result.name) : run.download(result));

  return (
    <ToolFrame
      page={page}
      results={
        <>
          {made && results.length > 0 && (
            <Card>
              <Heading as="h2" size="3" mb="2">
                {t('views.aiImageGenerator.preview')}
              </Heading>
              <img
                src={SAMPLE_IMAGE_URL}
                alt={t('views.aiImageGenerator.previewAlt', { prompt: made.prompt })}
                style={{ width: '100%', maxWidth: 512, height: 'auto', display: 'block', borderRadius: 8 }}
                data-testid="ai-preview"
              />
            </Card>
          )}
          <ResultList results={results} onDownload={download} onDownloadAll={run.downloadAll} maxHeight={RESULT_LIST_HEIGHT} />
        </>
      }
    />
  );
}
