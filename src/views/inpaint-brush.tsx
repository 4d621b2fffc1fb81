/**
 * Remove objects, a person or a watermark: the generic page plus a paint
 * layer over the chosen photo. The painted area goes to the processor as a
 * run-length coded mask (src/lib/image/ops/inpaint-mask.ts); a run with
 * nothing painted is stopped with the manifest's noMask message. With
 * processorSettings.selectPerson, a "Select the person" button lets the
 * segmentation model propose the area. Demo mode simulates without a mask,
 * so its page stays the generic one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../engine/notify';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import { useRunMode } from '../engine/demo/useRunMode';
import type { ToolViewProps } from '../engine/view-modules';
import { crashMessage } from '../core/run-shape';
import { runInWorker } from '../engine/worker/bridge';
import { CancelledError, isToolError } from '../lib/errors';
import { decodeMask, type EncodedMask } from '../lib/image/ops/inpaint-mask';
import { MaskPainter } from './inpaint-brush/MaskPainter';
import type { Grid } from './inpaint-brush/strokes';

/**
 * Runs the segmentation model in a worker (src/processors/image-inpaint-person.ts) and returns the
 * person's cells on the grid; errors are told to the visitor, a run cut short by leaving is silent.
 */
function usePersonFinder(file: File | undefined) {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), [file]);
  return useCallback(
    async (grid: Grid, onProgress: (share: number) => void): Promise<Uint8Array | null> => {
      if (!file) return null;
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      try {
        const options = { gridWidth: grid.width, gridHeight: grid.height };
        const {
          outputs: [out],
        } = await runInWorker('image-inpaint-person', [file], options, ac.signal, (done, total) => onProgress(total ? done / total : 0));
        // The schema (and zod) load with the first person found, not with the page.
        const { maskSchema } = await import('../lib/image/ops/inpaint-mask-schema');
        return decodeMask(maskSchema.parse(JSON.parse(new TextDecoder().decode(out.bytes))));
      } catch (error) {
        if (!(error instanceof CancelledError)) notify.error(isToolError(error) ? error.message : crashMessage());
        return null;
      }
    },
    [file],
  );
}

export default function InpaintBrushView({ manifest }: ToolViewProps) {
  const real = useRunMode(manifest) === 'real';
  const [mask, setMask] = useState<EncodedMask | null>(null);
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      if (!real) return {};
      if (!mask) {
        notify.error(manifest.messages.noMask);
        return null;
      }
      return { options: { ...options, mask } };
    },
  });
  const file = page.run.files[0];
  const findPerson = usePersonFinder(file);
  // Offered where the manifest asks for it (Remove Person): the model proposes the area, the brush corrects it.
  const selectPerson = manifest.processorSettings?.selectPerson === true ? findPerson : undefined;
  return (
    <ToolFrame
      page={page}
      afterInput={real && file && <MaskPainter file={file} onMask={setMask} disabled={page.run.running} selectPerson={selectPerson} />}
    />
  );
}
