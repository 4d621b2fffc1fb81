/**
 * Writing text on an image with the site's own DejaVu Sans Bold (served from
 * our origin via Vite `?url`), drawn on an OffscreenCanvas: centred, wrapped
 * at word boundaries to the image's width.
 */
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { RasterImage } from './types';
import { canvasRaster, rasterCanvas } from './io';

/** The family name the font is registered under (Node tests register the same file under it). */
export const TEXT_FONT_FAMILY = 'FileDesk DejaVu Sans Bold';

let loaded: Promise<void> | undefined;

/** Loads the font into the worker's font set once; without FontFace (Node) the caller has registered it. */
export function loadTextFont(): Promise<void> {
  if (typeof FontFace === 'undefined') return Promise.resolve();
  loaded ??= (async () => {
    const face = new FontFace(TEXT_FONT_FAMILY, `url(${boldUrl})`);
    await face.load();
    (self as unknown as { fonts: FontFaceSet }).fonts.add(face);
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

type Measure = (text: string) => number;

/** Breaks text into lines no wider than maxWidth (a single word longer than that keeps its own line). */
export function wrapLines(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && measure(candidate) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/** The image with the text drawn in its centre, in the given size (px) and CSS colour. */
export async function drawText(image: RasterImage, text: string, fontSize: number, colour: string): Promise<RasterImage> {
  await loadTextFont();
  const canvas = rasterCanvas(image);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.font = `${fontSize}px "${TEXT_FONT_FAMILY}"`;
  context.fillStyle = colour;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const margin = Math.round(image.width * 0.05);
  const lines = wrapLines(text, image.width - 2 * margin, (t) => context.measureText(t).width);
  const lineHeight = fontSize * 1.2;
  const top = image.height / 2 - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, i) => context.fillText(line, image.width / 2, top + i * lineHeight));
  return canvasRaster(canvas);
}
