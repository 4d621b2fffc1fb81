/**
 * JPEG 2000 (JPXDecode) decoding for the compressor, with the OpenJPEG
 * decoder pdf.js already ships (its image_decoders build and wasm). In the
 * browser the wasm comes from the site's own copy (pdfjs.ts bundles it); in
 * Node it is read from node_modules. Loaded on first use only, since most
 * PDFs have no JPX images.
 */

export interface DecodedJpx {
  /** 8-bit samples, `channels` per pixel. */
  data: Uint8ClampedArray;
  channels: 1 | 3 | 4;
}

interface JpxDecoder {
  setOptions(options: { useWasm: boolean; useWorkerFetch: boolean; wasmUrl: string; handler: unknown }): void;
  decode(bytes: Uint8Array, options: { numComponents: number; isIndexedColormap: boolean; smaskInData: boolean }): Promise<Uint8ClampedArray>;
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
let decoder: Promise<JpxDecoder> | undefined;

/** pdf.js asks its "handler" for the wasm file when worker fetch is off; this answers from our own files. */
function handlerFor(read: (filename: string) => Promise<Uint8Array>) {
  return { sendWithPromise: (_kind: string, { filename }: { filename: string }) => read(filename) };
}

async function loadNode(): Promise<JpxDecoder> {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { pathToFileURL } = process.getBuiltinModule('node:url');
  const { dirname } = process.getBuiltinModule('node:path');
  const { readFile } = process.getBuiltinModule('node:fs/promises');
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  // The legacy build runs on the Node versions we support; a file URL keeps this branch out of the site bundle.
  const module = (await import(/* @vite-ignore */ pathToFileURL(`${root}/legacy/image_decoders/pdf.image_decoders.mjs`).href)) as { JpxImage: JpxDecoder };
  module.JpxImage.setOptions({ useWasm: true, useWorkerFetch: false, wasmUrl: '', handler: handlerFor(async (name) => new Uint8Array(await readFile(`${root}/wasm/${name}`))) });
  return module.JpxImage;
}

async function loadBrowser(): Promise<JpxDecoder> {
  const [module, { bundledAssetUrl }] = await Promise.all([
    import('pdfjs-dist/image_decoders/pdf.image_decoders.mjs') as Promise<unknown> as Promise<{ JpxImage: JpxDecoder }>,
    import('./pdfjs'),
  ]);
  const read = async (name: string) => {
    const url = bundledAssetUrl('wasmUrl', name);
    if (!url) throw new Error(`No bundled pdf.js file ${name}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  module.JpxImage.setOptions({ useWasm: true, useWorkerFetch: false, wasmUrl: '', handler: handlerFor(read) });
  return module.JpxImage;
}

/** Where the codestream starts: at 0 for a bare codestream, else after the JP2 file's 'jp2c' box header; -1 when not found. */
function codestreamStart(bytes: Uint8Array): number {
  if (bytes[0] === 0xff && bytes[1] === 0x4f) return 0;
  for (let i = 0; i + 8 < bytes.length; i++) {
    if (bytes[i] === 0x6a && bytes[i + 1] === 0x70 && bytes[i + 2] === 0x32 && bytes[i + 3] === 0x63 && bytes[i + 4] === 0xff && bytes[i + 5] === 0x4f) return i + 4;
  }
  return -1;
}

/** The number of components in a JPX image's SIZ marker (which follows the start-of-codestream marker); 0 when unreadable. */
export function jpxComponents(bytes: Uint8Array): number {
  const start = codestreamStart(bytes);
  const siz = start + 2;
  if (start < 0 || siz + 40 > bytes.length || bytes[siz] !== 0xff || bytes[siz + 1] !== 0x51) return 0;
  // SIZ: marker, length (2), capabilities (2), eight 4-byte sizes and offsets, then the component count.
  return (bytes[siz + 38] << 8) | bytes[siz + 39];
}

/**
 * Decodes a JPX stream of width x height pixels; `withAlpha` for images
 * whose transparency is stored in the JPX data (SMaskInData). Null when it
 * cannot be decoded or the samples do not match the size.
 */
export async function decodeJpx(bytes: Uint8Array, width: number, height: number, withAlpha: boolean): Promise<DecodedJpx | null> {
  // Gray or RGB (and RGBA when the alpha is wanted): a 4-component image without alpha is CMYK, which would need its own conversion.
  const components = jpxComponents(bytes);
  if (!(components === 1 || components === 3 || (withAlpha && components === 4))) return null;
  try {
    decoder ??= isNode ? loadNode() : loadBrowser();
    // numComponents 0 lets OpenJPEG pick the layout (RGBA for colour images); the length tells which it chose.
    const data = await (await decoder).decode(bytes, { numComponents: 0, isIndexedColormap: false, smaskInData: withAlpha });
    const pixels = width * height;
    const channels = data.length === pixels * 4 ? 4 : data.length === pixels * 3 ? 3 : data.length === pixels ? 1 : 0;
    return channels ? { data, channels } : null;
  } catch {
    return null;
  }
}
