/**
 * Crop Image: the generic page plus a preview of the chosen image with the
 * crop box on it. The X / Y / Width / Height fields stay the one record of
 * the area: the box is drawn from them, and dragging or nudging the box
 * writes them, so the run, validation and the spec's reset on upload are the
 * engine's as on every other page.
 */
import { useRef } from 'react';
import type { FormValues } from '../engine/OptionsForm';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { CropEditor } from './crop-image/CropEditor';
import { rectOnImage, type PixelRect } from './crop-image/crop-rect';
import { useShownImage } from './shared/useImagePreview';

const KEYS = ['x', 'y', 'width', 'height'] as const;

export default function CropImageView({ manifest }: ToolViewProps) {
  const page = useToolPage(manifest);
  const { run, form, values } = page;
  const file = run.files[0];
  const image = useShownImage(file);
  const size = image?.size;
  // While a field is being retyped (blank for a moment) the box stays where it was.
  const shown = useRef<PixelRect | null>(null);
  const rect = size ? (rectOnImage(values, size) ?? shown.current) : null;
  shown.current = rect;

  const setRect = (next: PixelRect) => {
    for (const key of KEYS) {
      if (values[key] !== next[key]) form.setValue(key, next[key] as FormValues[string], { shouldValidate: true, shouldDirty: true });
    }
  };

  return (
    <ToolFrame
      page={page}
      afterInput={
        image && rect && <CropEditor image={image} rect={rect} onChange={setRect} disabled={run.running} />
      }
    />
  );
}
