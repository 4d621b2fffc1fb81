/**
 * GIF decoding for GIF to PDF: composites frames onto the logical screen as a
 * viewer shows them (transparency, disposal), one frame at a time.
 * Decoder: gifuct-js (MIT).
 */
import { decompressFrame, parseGIF, type ParsedGif } from 'gifuct-js';
import { ToolError } from '../errors';
import { readGifSize } from './header';
import { assertCanvasSize, gifFrameFits } from './limits';
import { runText } from '../i18n/run-messages';

/** Pages made from one GIF at most, and decoded pixels in all, so a small file cannot exhaust memory. */
export const MAX_GIF_FRAMES = 300;
export const MAX_GIF_PIXELS = 400_000_000;

export interface GifHeader {
  width: number;
  height: number;
}

/** Logical screen size from the GIF header; throws ToolError when the file is not a GIF or is too large. */
export function readGifHeader(name: string, bytes: Uint8Array): GifHeader {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.gif.empty', { name }));
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new ToolError(runText('run.gif.notGif', { name }));
  const size = readGifSize(bytes);
  if (!size) throw new ToolError(runText('run.gif.noSize', { name }));
  const { width, height } = size;
  assertCanvasSize(name, width, height);
  return { width, height };
}

export interface RgbaFrame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

type ImageFrame = Extract<ParsedGif['frames'][number], { image: unknown }>;

/**
 * Decodes the frames (only the first when `all` is false) and hands each
 * composited frame to `onFrame`; the buffer is reused, so copy it to keep it.
 */
export async function forEachGifFrame(
  name: string,
  bytes: Uint8Array,
  all: boolean,
  onFrame: (frame: RgbaFrame, index: number, count: number) => Promise<void> | void,
): Promise<number> {
  const { width, height } = readGifHeader(name, bytes);
  let gif: ParsedGif;
  try {
    gif = parseGIF(bytes.slice().buffer);
  } catch {
    throw new ToolError(runText('run.gif.damaged', { name }));
  }
  const frames = gif.frames.filter((frame): frame is ImageFrame => 'image' in frame && !!frame.image);
  if (frames.length === 0) throw new ToolError(runText('run.gif.noImage', { name }));
  const count = all ? frames.length : 1;
  if (count > MAX_GIF_FRAMES) {
    throw new ToolError(runText('run.gif.tooManyFrames', { name, frames: frames.length, max: MAX_GIF_FRAMES }));
  }
  if (count * width * height > MAX_GIF_PIXELS) {
    throw new ToolError(runText('run.gif.tooLarge', { name, frames: count, width, height }));
  }
  const screen = new Uint8ClampedArray(width * height * 4);
  let saved: Uint8ClampedArray | null = null;
  for (let index = 0; index < count; index++) {
    const raw = frames[index];
    const { top, left, width: fw, height: fh } = raw.image.descriptor;
    if (!gifFrameFits({ width, height }, { width: fw, height: fh })) {
      throw new ToolError(runText('run.gif.frameTooLarge', { name, frame: index + 1 }));
    }
    let frame;
    try {
      frame = decompressFrame(raw, gif.gct, false);
    } catch {
      throw new ToolError(runText('run.gif.damaged', { name }));
    }
    const disposal = frame.disposalType ?? 0;
    if (disposal === 3) saved = screen.slice();
    const table = frame.colorTable ?? [];
    for (let y = 0; y < fh; y++) {
      const sy = top + y;
      if (sy >= height) break;
      for (let x = 0; x < fw; x++) {
        const sx = left + x;
        if (sx >= width) break;
        const colorIndex = frame.pixels[y * fw + x];
        if (colorIndex === frame.transparentIndex) continue;
        const color = table[colorIndex] ?? [0, 0, 0];
        const at = (sy * width + sx) * 4;
        screen[at] = color[0];
        screen[at + 1] = color[1];
        screen[at + 2] = color[2];
        screen[at + 3] = 255;
      }
    }
    await onFrame({ width, height, data: screen }, index, count);
    // Disposal applies after the frame has been shown.
    if (disposal === 2) {
      for (let y = top; y < Math.min(height, top + fh); y++) screen.fill(0, (y * width + left) * 4, (y * width + Math.min(width, left + fw)) * 4);
    } else if (disposal === 3 && saved) {
      screen.set(saved);
    }
  }
  return count;
}
