/**
 * Writing text on an image with the site's own DejaVu Sans Bold (served from
 * our origin via Vite `?url`), drawn on an OffscreenCanvas: centred on a
 * chosen point (the image's centre unless moved), wrapped at word boundaries
 * to the image's width. The page's live preview paints with the same
 * function and font, so what the visitor places is what the worker writes.
 */
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { RasterImage } from './types';
import { canvasRaster, rasterCanvas } from './io';

/** The family name the font is registered under (Node tests register the same file under it). */
export const TEXT_FONT_FAMILY = 'FileDesk DejaVu Sans Bold';

let loaded: Promise<void> | undefined;

/** Loads the font into the worker's (or the page's) font set once; without FontFace (Node) the caller has registered it. */
export function loadTextFont(): Promise<void> {
  if (typeof FontFace === 'undefined') return Promise.resolve();
  loaded ??= (async () => {
    const face = new FontFace(TEXT_FONT_FAMILY, `url(${boldUrl})`);
    await face.load();
    // A worker has its own font set; a window keeps it on the document.
    ((self as unknown as { fonts?: FontFaceSet }).fonts ?? document.fonts).add(face);
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

/** Where the centre of the text goes, as fractions (0..1) of the image's width and height from its top-left. */
export interface TextPosition {
  x: number;
  y: number;
}

export const CENTRE: TextPosition = { x: 0.5, y: 0.5 };

/** The rectangle the text takes on the image, in image pixels. */
export interface TextBounds {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What painting needs of a 2D context, on a page canvas as on an OffscreenCanvas. */
type TextContext = Pick<CanvasRenderingContext2D, 'font' | 'fillStyle' | 'textAlign' | 'textBaseline' | 'measureText' | 'fillText'>;

/**
 * Paints the text on a context whose units are the image's pixels (width x height), centred on `at`, and
 * returns where it went. With `paint` false it only measures.
 */
export function paintText(
  context: TextContext,
  size: { width: number; height: number },
  text: string,
  fontSize: number,
  colour: string,
  at: TextPosition = CENTRE,
  paint = true,
): TextBounds {
  context.font = `${fontSize}px "${TEXT_FONT_FAMILY}"`;
  context.fillStyle = colour;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const margin = Math.round(size.width * 0.05);
  const lines = wrapLines(text, size.width - 2 * margin, (t) => context.measureText(t).width);
  const lineHeight = fontSize * 1.2;
  const cx = at.x * size.width;
  const cy = at.y * size.height;
  const top = cy - ((lines.length - 1) * lineHeight) / 2;
  if (paint) lines.forEach((line, i) => context.fillText(line, cx, top + i * lineHeight));
  const width = Math.max(...lines.map((line) => context.measureText(line).width));
  const height = lines.length * lineHeight;
  return { left: cx - width / 2, top: cy - height / 2, width, height };
}

/** The image with the text drawn centred on `at` (the image's centre by default), in the given size (px) and CSS colour. */
export async function drawText(image: RasterImage, text: string, fontSize: number, colour: string, at: TextPosition = CENTRE): Promise<RasterImage> {
  await loadTextFont();
  const canvas = rasterCanvas(image);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  paintText(context, image, text, fontSize, colour, at);
  return canvasRaster(canvas);
}
