/**
 * Decoded images as the codec layer and the pixel operations share them:
 * straight (non-premultiplied) RGBA, 8 bits a channel, rows top to bottom.
 */

/** One picture: an ImageData-like value that works in Node tests as in a worker. */
export interface RasterImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, RGBA. */
  data: Uint8ClampedArray;
}

/** One frame of a still or animated image. */
export interface ImageFrame extends RasterImage {
  /** How long the frame shows, in milliseconds (0 for a still image). */
  delayMs: number;
}

/** A decoded file: its frames (one for a still image, several for an animation or a multi-page TIFF). */
export interface DecodedImage {
  format: string;
  frames: ImageFrame[];
  /** Loop count of an animation (0: forever), when the format says. */
  loops?: number;
}
