/**
 * Rasterising SVG with resvg (WebAssembly, served by the site): an image
 * only. resvg runs no script, and this module gives it no way to fetch
 * anything: external images and fonts are never resolved, and text is set
 * in DejaVu Sans, which the site serves itself.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import wasmUrl from '@resvg/resvg-wasm/index_bg.wasm?url';
import { ToolError } from '../errors';
import { loadFontBytes } from '../fonts/embed';
import { wasmModule } from './wasm';
import type { RasterImage } from './types';
import { runText } from '../i18n/run-messages';

let ready: Promise<void> | null = null;

function init(): Promise<void> {
  ready ??= wasmModule(wasmUrl, '@resvg/resvg-wasm/index_bg.wasm').then((module) => initWasm(module));
  ready.catch(() => (ready = null));
  return ready;
}

export function notSvgMessage(name: string): string {
  return runText('run.image.damaged', { name, format: 'SVG' });
}

/** True when the text starts like an SVG document (after an XML declaration, comments or a doctype). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(head);
}

/**
 * Renders the SVG to fit inside width x height, keeping its proportions and
 * centred, as a browser draws an SVG image of that size: the picture is
 * exactly width x height pixels, transparent where the drawing does not reach.
 */
export async function renderSvg(name: string, bytes: Uint8Array, width: number, height: number): Promise<RasterImage> {
  if (!looksLikeSvg(bytes)) throw new ToolError(notSvgMessage(name));
  const [, regular, bold] = await Promise.all([init(), loadFontBytes('regular'), loadFontBytes('bold')]);
  let tree: InstanceType<typeof Resvg>;
  try {
    tree = new Resvg(bytes, {
      font: { fontBuffers: [regular, bold], defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans', serifFamily: 'DejaVu Sans', monospaceFamily: 'DejaVu Sans' },
      shapeRendering: 2,
    });
  } catch {
    throw new ToolError(notSvgMessage(name));
  }
  try {
    if (!(tree.width > 0 && tree.height > 0)) throw new ToolError(notSvgMessage(name));
    const scale = Math.min(width / tree.width, height / tree.height);
    const fitted = new Resvg(bytes, {
      font: { fontBuffers: [regular, bold], defaultFontFamily: 'DejaVu Sans' },
      shapeRendering: 2,
      fitTo: { mode: 'zoom', value: scale },
    });
    let rendered;
    try {
      rendered = fitted.render();
    } finally {
      fitted.free();
    }
    // The pixels resvg hands out are premultiplied; its PNG is not, so the straight colours come from there.
    const png = rendered.asPng();
    rendered.free();
    const { decode } = await import('./codecs/png');
    return centre(await decode(png), width, height);
  } finally {
    tree.free();
  }
}

/** The picture in the middle of a transparent width x height canvas (cut if it is larger by a rounding pixel). */
function centre(image: RasterImage, width: number, height: number): RasterImage {
  if (image.width === width && image.height === height) return image;
  const data = new Uint8ClampedArray(width * height * 4);
  const left = Math.max(0, Math.floor((width - image.width) / 2));
  const top = Math.max(0, Math.floor((height - image.height) / 2));
  const rows = Math.min(image.height, height - top);
  const columns = Math.min(image.width, width - left);
  for (let y = 0; y < rows; y++) {
    const from = y * image.width * 4;
    data.set(image.data.subarray(from, from + columns * 4), ((top + y) * width + left) * 4);
  }
  return { width, height, data };
}
