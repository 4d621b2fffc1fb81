/**
 * Resize Image Dimensions: the generic tool page plus the keep-aspect-ratio
 * rule. With the toggle on, editing the width or the height recomputes the
 * other from the chosen image's natural size, which is read from the file's
 * header so nothing is decoded. Validation, naming and the run are the engine's.
 */
import { useEffect, useState } from 'react';
import type { OptionsFormApi } from '../engine/OptionsForm';
import { ToolFrame, useToolPage } from '../engine/ToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { readImageHeader } from '../lib/image/header';

export interface PixelSize {
  width: number;
  height: number;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

/** Width and height of a WebP from its first chunk (VP8, VP8L or VP8X); null when unreadable. */
export function readWebpSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: le16(bytes, 26) & 0x3fff, height: le16(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = (bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: le24(bytes, 24) + 1, height: le24(bytes, 27) + 1 };
  return null;
}

/** The natural pixel size of a PNG, JPEG or WebP file, from its header; null when it cannot be read. */
export async function naturalSize(file: Blob): Promise<PixelSize | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = readImageHeader(bytes) ?? readWebpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? { width: size.width, height: size.height } : null;
}

/** The other side for a typed one: rounded, or blank when not positive; undefined when the input is not a number. */
export function recompute(typed: unknown, from: PixelSize, side: 'width' | 'height'): number | '' | undefined {
  if (typed === '' || typed === null || typed === undefined) return undefined;
  const value = Number(typed);
  if (!Number.isFinite(value)) return undefined;
  const other = Math.round(side === 'width' ? (value * from.height) / from.width : (value * from.width) / from.height);
  return other > 0 ? other : '';
}

function useNaturalSize(file: File | undefined): PixelSize | null {
  const [size, setSize] = useState<PixelSize | null>(null);
  useEffect(() => {
    setSize(null);
    if (!file) return;
    let live = true;
    naturalSize(file).then(
      (found) => live && setSize(found),
      () => live && setSize(null),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return size;
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
  const natural = useNaturalSize(page.run.files[0]);
  const widthField = manifest.options.find((f) => f.name === 'width');
  useAspectLock(page.form, natural, widthField?.type === 'number' ? (widthField.max ?? Infinity) : Infinity);
  return (
    <ToolFrame
      page={page}
      afterInput={
        natural && (
          <p className="field-help" data-testid="natural-size">
            Original size: {natural.width} x {natural.height} px
          </p>
        )
      }
    />
  );
}
