/**
 * Resizing and JPEG encoding for the PDF compressor. The processor runs in a
 * Web Worker and uses createImageBitmap and OffscreenCanvas; Node tests and
 * the benchmark pass their own codec with the same interface.
 */

/** Pixels to re-encode: a JPEG file's bytes or raw RGBA. */
export type CodecSource =
  | { kind: 'jpeg'; bytes: Uint8Array }
  | { kind: 'rgba'; data: Uint8ClampedArray; width: number; height: number };

export interface JpegCodec {
  /** Decodes the source, resizes it to width x height and encodes a JPEG at quality 0..1. */
  toJpeg(source: CodecSource, width: number, height: number, quality: number): Promise<Uint8Array>;
}

/** The codec of the browser (worker or page): createImageBitmap with resizing, OffscreenCanvas JPEG encoding. */
export const browserJpegCodec: JpegCodec = {
  async toJpeg(source, width, height, quality) {
    const options: ImageBitmapOptions = { resizeWidth: width, resizeHeight: height, resizeQuality: 'high', premultiplyAlpha: 'none' };
    const input =
      source.kind === 'jpeg'
        ? new Blob([source.bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' })
        : new ImageData(source.data as Uint8ClampedArray<ArrayBuffer>, source.width, source.height);
    const bitmap = await createImageBitmap(input, options);
    try {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('2D canvas is not available');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      return new Uint8Array(await blob.arrayBuffer());
    } finally {
      bitmap.close();
    }
  },
};
