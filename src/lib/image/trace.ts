/**
 * Raster to vector with imagetracerjs: the colours are reduced to a palette,
 * the areas of each colour are outlined with straight lines and quadratic
 * curves, and the outlines become filled <path> elements. The SVG holds
 * paths only, never the picture itself.
 */
import type { RasterImage } from './types';
import { resize } from './ops/resample';

interface Tracer {
  optionpresets: Record<string, Record<string, unknown>>;
  imagedataToSVG(image: { width: number; height: number; data: Uint8ClampedArray }, options: Record<string, unknown>): string;
}

/** Tracing cost grows with pixels times colours: larger pictures are traced at this size and scaled back up. */
export const MAX_TRACE_PIXELS = 1_000_000;
/** The palette: enough for logos, icons and flat artwork, the pictures tracing suits. */
export const TRACE_COLOURS = 16;

/** The SVG text of the traced picture, width x height like the original. */
export async function traceToSvg(image: RasterImage): Promise<string> {
  const { default: tracer } = (await import('imagetracerjs')) as unknown as { default: Tracer };
  const factor = Math.min(1, Math.sqrt(MAX_TRACE_PIXELS / (image.width * image.height)));
  const traced =
    factor < 1 ? await resize(image, Math.max(1, Math.round(image.width * factor)), Math.max(1, Math.round(image.height * factor))) : image;
  const svg = tracer.imagedataToSVG(traced, {
    ...tracer.optionpresets.default,
    numberofcolors: TRACE_COLOURS,
    // Deterministic palette sampling: the same picture always gives the same SVG.
    colorsampling: 2,
    scale: image.width / traced.width,
    viewbox: true,
    roundcoords: 1,
  });
  // Coordinates are in the original's pixels (give or take the rounding of the reduced size); the SVG opens at that size.
  return svg
    .replace(/^<svg viewBox="[^"]*"/, `<svg width="${image.width}" height="${image.height}" viewBox="0 0 ${image.width} ${image.height}"`)
    .replace(/ desc="[^"]*"/, '');
}
