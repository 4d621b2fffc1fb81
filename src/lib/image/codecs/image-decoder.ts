/** Animated images through the browser's WebCodecs ImageDecoder (workers and pages; not Node). */
import type { DecodedImage, ImageFrame } from '../types';

export async function decodeWithImageDecoder(bytes: Uint8Array, type: string, format: string): Promise<DecodedImage> {
  // A copy, so the caller's bytes are never transferred or detached.
  const decoder = new ImageDecoder({ data: bytes.slice(), type });
  try {
    await decoder.tracks.ready;
    const track = decoder.tracks.selectedTrack;
    const count = track?.frameCount ?? 1;
    const frames: ImageFrame[] = [];
    for (let index = 0; index < count; index++) {
      const { image } = await decoder.decode({ frameIndex: index });
      try {
        const width = image.displayWidth;
        const height = image.displayHeight;
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D context');
        context.drawImage(image, 0, 0);
        const data = context.getImageData(0, 0, width, height).data;
        // VideoFrame.duration is in microseconds.
        frames.push({ width, height, data, delayMs: Math.round((image.duration ?? 0) / 1000) });
      } finally {
        image.close();
      }
    }
    const loops = track && Number.isFinite(track.repetitionCount) ? track.repetitionCount : 0;
    return { format, frames, loops };
  } finally {
    decoder.close();
  }
}
