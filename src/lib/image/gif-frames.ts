/**
 * GIF decoding for GIF to PDF: composites frames onto the logical screen as a
 * viewer shows them (transparency, disposal), one frame at a time.
 * Decoder: gifuct-js (MIT).
 */
import { decompressFrame, parseGIF, type ParsedGif } from 'gifuct-js';
import { ToolError } from '../errors';
import { readGifSize } from './header';
import { assertCanvasSize, gifFrameFits } from './limits';

/** Pages made from one GIF at most, and decoded pixels in all, so a small file cannot exhaust memory. */
export const MAX_GIF_FRAMES = 300;
export const MAX_GIF_PIXELS = 400_000_000;

export interface GifHeader {
  width: number;
  height: number;
}

/** Logical screen size from the GIF header; throws ToolError when the file is not a GIF or is too large. */
export function readGifHeader(name: string, bytes: Uint8Array): GifHeader {
  if (bytes.byteLength === 0) throw new ToolError(`The file ${name} is empty. Please choose a GIF image.`);
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new ToolError(`The file ${name} is not a GIF image. Please choose a GIF file.`);
  const size = readGifSize(bytes);
  if (!size) throw new ToolError(`The file ${name} is damaged: its image size could not be read. Please choose another GIF image.`);
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
    throw new ToolError(`The file ${name} is damaged and could not be read. Please choose another GIF image.`);
  }
  const frames = gif.frames.filter((frame): frame is ImageFrame => 'image' in frame && !!frame.image);
  if (frames.length === 0) throw new ToolError(`The file ${name} contains no image. Please choose another GIF image.`);
  const count = all ? frames.length : 1;
  if (count > MAX_GIF_FRAMES) {
    throw new ToolError(`The GIF ${name} has ${frames.length} frames, more than the ${MAX_GIF_FRAMES} pages this tool makes. Please choose "first frame only" or a shorter GIF.`);
  }
  if (count * width * height > MAX_GIF_PIXELS) {
    throw new ToolError(`The GIF ${name} is too large to convert every frame (${count} frames of ${width} x ${height} pixels). Please choose "first frame only" or a smaller GIF.`);
  }
  const screen = new Uint8ClampedArray(width * height * 4);
  let saved: Uint8ClampedArray | null = null;
  for (let index = 0; index < count; index++) {
    const raw = frames[index];
    const { top, left, width: fw, height: fh } = raw.image.descriptor;
    if (!gifFrameFits({ width, height }, { width: fw, height: fh })) {
      throw new ToolError(`The file ${name} is damaged: frame ${index + 1} is larger than the image. Please choose another GIF image.`);
    }
    let frame;
    try {
      frame = decompressFrame(raw, gif.gct, false);
    } catch {
      throw new ToolError(`The file ${name} is damaged and could not be read. Please choose another GIF image.`);
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
