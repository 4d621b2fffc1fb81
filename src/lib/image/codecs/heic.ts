/**
 * HEIC/HEIF through libheif compiled to WebAssembly (libheif-js); AVIF has
 * its own codec (avif.ts). libheif assembles grid images, applies the
 * rotation and mirroring the file asks for, and lists every image; the
 * primary one is the photo a viewer shows.
 */
import { ToolError } from '../../errors';
import { assertDecodable } from '../limits';
import type { RasterImage } from '../types';
import type { LibHeif } from 'libheif-js/libheif-wasm/libheif-bundle.mjs';
import { runText } from '../../i18n/run-messages';

let library: Promise<LibHeif> | undefined;

function load(): Promise<LibHeif> {
  // The bundle carries its .wasm inline, so it is one lazily loaded script served by the site.
  library ??= import('libheif-js/libheif-wasm/libheif-bundle.mjs').then((m) => m.default());
  library.catch(() => (library = undefined));
  return library;
}

export async function decode(name: string, bytes: Uint8Array): Promise<RasterImage> {
  const lib = await load();
  const images = new lib.HeifDecoder().decode(bytes.slice());
  try {
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) throw new ToolError(runText('run.image.damaged', { name, format: 'HEIC' }));
    const width = image.get_width();
    const height = image.get_height();
    // The header check reads the largest 'ispe' it can follow; this is the size libheif will decode to.
    assertDecodable(name, { width, height, frames: 1 });
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const result = await new Promise((resolve) => image.display(target, resolve));
    if (!result) throw new ToolError(runText('run.image.damaged', { name, format: 'HEIC' }));
    return target;
  } finally {
    for (const image of images) image.free?.();
  }
}
