/**
 * Resize Image Dimensions: the generic tool page plus the keep-aspect-ratio
 * rule. With the toggle on, editing the width or the height recomputes the
 * other from the chosen image's natural size, which is read from the file's
 * header so nothing is decoded. Validation, naming and the run are the engine's.
 */
import { useEffect } from 'react';
import type { OptionsFormApi } from '../engine/OptionsForm';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { useHeaderSize, type PixelSize } from './shared/useImagePreview';

/** The other side for a typed one: rounded, or blank when not positive; undefined when the input is not a number. */
export function recompute(typed: unknown, from: PixelSize, side: 'width' | 'height'): number | '' | undefined {
  if (typed === '' || typed === null || typed === undefined) return undefined;
  const value = Number(typed);
  if (!Number.isFinite(value)) return undefined;
  const other = Math.round(side === 'width' ? (value * from.height) / from.width : (value * from.width) / from.height);
  return other > 0 ? other : '';
}

/** Starts the fields at the image's size and keeps them in proportion while the visitor types. */
function useAspectLock(form: OptionsFormApi, natural: PixelSize | null, maxSide: number) {
  useEffect(() => {
    if (!natural) return;
    // A side beyond the field's limit would start the form invalid; the defaults stay instead.
    if (natural.width <= maxSide && natural.height <= maxSide) {
      form.setValue('width', natural.width);
      form.setValue('height', natural.height);
    }
    const subscription = form.watch((values, { name, type }) => {
      // Only the visitor's own edits count; values set here would otherwise echo back.
      if (type !== 'change' || !values.keepAspectRatio || (name !== 'width' && name !== 'height')) return;
      const other = recompute(values[name], natural, name);
      if (other !== undefined) form.setValue(name === 'width' ? 'height' : 'width', other, { shouldValidate: true });
    });
    return () => subscription.unsubscribe();
  }, [form, natural, maxSide]);
}

export default function ResizeImageView({ manifest }: ToolViewProps) {
  const page = useToolPage(manifest);
  const [natural] = useHeaderSize(page.run.files[0]);
  const widthField = manifest.options.find((f) => f.name === 'width');
  useAspectLock(page.form, natural, widthField?.type === 'number' ? (widthField.max ?? Infinity) : Infinity);
  return (
    <ToolFrame
      page={page}
      afterInput={
        natural && (
          <p className="field-help" data-testid="natural-size">
            {t('views.resizeImageDimensions.originalSize', { width: natural.width, height: natural.height })}
          </p>
        )
      }
    />
  );
}
