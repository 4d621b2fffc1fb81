/**
 * AI Image Generator: a prompt, Generate Image (the engine's simulation),
 * then a preview. There is no image model on the device, so the preview and
 * the download are a sample picture bundled with the site; the result card
 * shows the prompt cut at 50 characters.
 */
import { cutText } from '../engine/rules';
import { Card, Heading } from '@radix-ui/themes';
import { useMemo, useState, type FormEvent } from 'react';
import { OptionsForm, useToolOptions } from '../engine/OptionsForm';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { ToolHeader } from '../engine/ToolPage';
import type { ToolResult } from '../engine/types';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';

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
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  const [made, setMade] = useState<{ prompt: string; image: Blob | null } | null>(null);

  async function generate(event?: FormEvent) {
    event?.preventDefault();
    const prompt = String(form.getValues('prompt') ?? '');
    setMade(null);
    const results = await run.run(form.getValues());
    if (results) setMade({ prompt, image: await loadSample() });
  }

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

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={(e) => void generate(e)} noValidate>
        <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
        <RunControls manifest={manifest} running={run.running} disabled={false} progress={run.progress} onCancel={run.cancel} />
      </form>
      {made && results.length > 0 && (
        <Card>
          <Heading as="h2" size="3" mb="2">
            Preview
          </Heading>
          <img
            src={SAMPLE_IMAGE_URL}
            alt={`Sample picture shown for the prompt: ${made.prompt}`}
            style={{ width: '100%', maxWidth: 512, height: 'auto', display: 'block', borderRadius: 8 }}
            data-testid="ai-preview"
          />
        </Card>
      )}
      <ResultList results={results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
