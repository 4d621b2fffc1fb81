/**
 * Add Text to Image: the generic page plus a live preview on which the
 * visitor drags the text into place. Text, size and colour stay the
 * manifest's fields; the placement goes to the processor as textX / textY
 * (the text's centre as fractions of the image), so it holds for any image
 * size. A new image starts with the text centred, as the processor would.
 */
import { useEffect, useState } from 'react';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { CENTRE, type TextPosition } from '../lib/image/text';
import { TextPlacer } from './add-text-to-image/TextPlacer';
import { useShownImage } from './shared/useImagePreview';

export default function AddTextView({ manifest }: ToolViewProps) {
  const [at, setAt] = useState<TextPosition>(CENTRE);
  const page = useToolPage(manifest, {
    // The simulation ignores placement, so demo runs get the fields exactly as before.
    beforeRun: (options) => (page.run.real ? { options: { ...options, textX: at.x, textY: at.y } } : {}),
  });
  const { run, values } = page;
  const file = run.files[0];
  const image = useShownImage(file);
  useEffect(() => setAt(CENTRE), [file]);

  const defaults = Object.fromEntries(manifest.options.map((f) => [f.name, f.default]));
  const fontSize = Number(values.fontSize);
  return (
    <ToolFrame
      page={page}
      afterInput={
        image && (
          <TextPlacer
            image={image}
            text={String(values.text ?? '')}
            // While the size field is blank or out of range the preview keeps the default size.
            fontSize={Number.isFinite(fontSize) && fontSize >= 1 && fontSize <= 500 ? fontSize : Number(defaults.fontSize)}
            colour={String(values.textColor || defaults.textColor)}
            at={at}
            onChange={setAt}
            disabled={run.running}
          />
        )
      }
    />
  );
}
