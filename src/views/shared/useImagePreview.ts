/**
 * A chosen image as the image views show it: an object URL for <img> and its
 * natural pixel size, read from the file's header so nothing is decoded twice.
 * Once the browser has decoded the picture, its own size wins: it has turned
 * a photo upright by its EXIF orientation, as the processors' decoder does,
 * and the header gives the size before turning. Files that are not a readable
 * PNG, JPEG or WebP (demo placeholders) give no size, and the views then
 * leave their preview out.
 */
import { useObjectUrl } from '../../engine/useObjectUrl';
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readImageSize, type PixelSize } from '../../lib/image/header';

export type { PixelSize };

export interface ImagePreview {
  url: string | null;
  size: PixelSize | null;
  /** To be called with the decoded picture (an <img> once loaded). */
  onDecoded(picture: { naturalWidth: number; naturalHeight: number }): void;
}

/** The natural pixel size of a PNG, JPEG or WebP, from its header; null when unreadable. */
export async function imageSize(file: Blob): Promise<PixelSize | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = readImageSize(bytes);
  return size && { width: size.width, height: size.height };
}

/** The header size of the chosen file, null while it is read, when there is no file, or when it is unreadable. */
export function useHeaderSize(file: Blob | undefined): [PixelSize | null, Dispatch<SetStateAction<PixelSize | null>>] {
  const [size, setSize] = useState<PixelSize | null>(null);
  useEffect(() => {
    setSize(null);
    if (!file) return;
    let live = true;
    imageSize(file).then(
      (found) => live && setSize(found),
      () => live && setSize(null),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return [size, setSize];
}

export function useImagePreview(file: Blob | undefined): ImagePreview {
  const url = useObjectUrl(file);
  const [size, setSize] = useHeaderSize(file);
  const onDecoded = useCallback(({ naturalWidth: width, naturalHeight: height }: { naturalWidth: number; naturalHeight: number }) => {
    if (width > 0 && height > 0) setSize((now) => (now && now.width === width && now.height === height ? now : { width, height }));
  }, []);
  return { url, size: url ? size : null, onDecoded };
}

/** A chosen image ready to show: its name, object URL and pixel size. */
export interface ShownImage {
  name: string;
  url: string;
  size: PixelSize;
  onDecoded: ImagePreview['onDecoded'];
}

/** The chosen file as an image to show, or null while there is none or its URL and size are not known yet. */
export function useShownImage(file: File | undefined): ShownImage | null {
  const { url, size, onDecoded } = useImagePreview(file);
  return file && url && size ? { name: file.name, url, size, onDecoded } : null;
}
