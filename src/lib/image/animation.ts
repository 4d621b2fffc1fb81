/** Building an animation from separate pictures. */
import type { ImageFrame, RasterImage } from './types';

/**
 * One frame per picture on a canvas as large as the largest of them, each
 * centred over transparency (pictures are never scaled, so none is blurred).
 */
export function framesFromPictures(pictures: RasterImage[], delayMs: number): ImageFrame[] {
  const width = Math.max(...pictures.map((p) => p.width));
  const height = Math.max(...pictures.map((p) => p.height));
  return pictures.map((picture) => {
    if (picture.width === width && picture.height === height) return { ...picture, delayMs };
    const data = new Uint8ClampedArray(width * height * 4);
    const left = Math.floor((width - picture.width) / 2);
    const top = Math.floor((height - picture.height) / 2);
    for (let y = 0; y < picture.height; y++) {
      const row = picture.data.subarray(y * picture.width * 4, (y + 1) * picture.width * 4);
      data.set(row, ((top + y) * width + left) * 4);
    }
    return { width, height, data, delayMs };
  });
}
