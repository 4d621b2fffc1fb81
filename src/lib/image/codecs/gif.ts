/**
 * GIF: decoding with gifuct-js, composing each frame over the previous ones
 * as the disposal method says, so every frame is a full picture; encoding
 * with gifenc and a palette chosen for each frame.
 */
import * as gifuct from 'gifuct-js';
import * as gifencModule from 'gifenc';
import { gifFrameFits } from '../limits';
import type { DecodedImage, ImageFrame } from '../types';

// Bundlers expose the named functions directly; Node's ESM loading of the CommonJS build puts them on `default`.
type Gifenc = typeof import('gifenc');
const gifenc: Gifenc =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : (gifencModule as unknown as { default: Gifenc }).default;

/** Browsers show a delay under 20 ms as 100 ms (an old convention); the frames keep that timing. */
function displayDelay(delayMs: number): number {
  return delayMs < 20 ? 100 : delayMs;
}

type GifFrame = Parameters<typeof gifuct.decompressFrame>[0];

/**
 * Every frame as a whole picture. Each frame's own size is checked before it
 * is decompressed (the header check bounds only the screen), and frames are
 * decompressed one at a time, so only one frame's patch is held at once.
 */
export function decode(bytes: Uint8Array): DecodedImage {
  const parsed = gifuct.parseGIF(bytes.slice().buffer);
  const width = parsed.lsd.width;
  const height = parsed.lsd.height;
  const images = parsed.frames.filter((frame): frame is GifFrame => 'image' in frame && !!frame.image);
  for (const { image } of images) {
    if (!gifFrameFits({ width, height }, image.descriptor)) throw new Error('A GIF frame is far larger than its screen');
  }
  const canvas = new Uint8ClampedArray(width * height * 4);
  const frames: ImageFrame[] = [];
  for (const image of images) {
    const part = gifuct.decompressFrame(image, parsed.gct, true);
    const { left, top, width: w, height: h } = part.dims;
    const saved = part.disposalType === 3 ? canvas.slice() : null;
    for (let y = 0; y < h; y++) {
      const cy = top + y;
      if (cy < 0 || cy >= height) continue;
      for (let x = 0; x < w; x++) {
        const cx = left + x;
        if (cx < 0 || cx >= width) continue;
        const s = (y * w + x) * 4;
        if (part.patch[s + 3] === 0) continue; // transparent index: the pixel below shows through
        const d = (cy * width + cx) * 4;
        canvas[d] = part.patch[s];
        canvas[d + 1] = part.patch[s + 1];
        canvas[d + 2] = part.patch[s + 2];
        canvas[d + 3] = 255;
      }
    }
    frames.push({ width, height, data: canvas.slice(), delayMs: images.length > 1 ? displayDelay(part.delay) : 0 });
    if (part.disposalType === 2) {
      // Restore to background: browsers clear the frame's rectangle to transparent.
      for (let y = Math.max(0, top); y < Math.min(height, top + h); y++) {
        canvas.fill(0, (y * width + Math.max(0, left)) * 4, (y * width + Math.min(width, left + w)) * 4);
      }
    } else if (saved) {
      canvas.set(saved);
    }
  }
  const loops = parsed.frames.some((f) => 'application' in f) ? 0 : undefined;
  return { format: 'gif', frames, loops };
}

/**
 * A still GIF for one frame, an animation looping forever for several. Each
 * frame gets its own 256-colour palette; fully transparent pixels map to a
 * transparent index.
 */
export function encode(frames: ImageFrame[]): Uint8Array {
  const encoder = gifenc.GIFEncoder();
  for (const frame of frames) {
    let hasAlpha = false;
    for (let i = 3; i < frame.data.length && !hasAlpha; i += 4) hasAlpha = frame.data[i] < 128;
    const format = hasAlpha ? 'rgba4444' : 'rgb565';
    const palette = gifenc.quantize(frame.data, 256, { format, oneBitAlpha: hasAlpha });
    const index = gifenc.applyPalette(frame.data, palette, format);
    const transparentIndex = hasAlpha ? palette.findIndex((c) => c[3] === 0) : -1;
    encoder.writeFrame(index, frame.width, frame.height, {
      palette,
      delay: frames.length > 1 ? frame.delayMs : undefined,
      repeat: frames.length > 1 ? 0 : -1,
      transparent: transparentIndex >= 0,
      transparentIndex: Math.max(0, transparentIndex),
      // Every frame is a whole picture: clearing it after display keeps its transparent pixels from showing the frame before.
      dispose: frames.length > 1 ? 2 : -1,
    });
  }
  encoder.finish();
  return encoder.bytes();
}
