/**
 * JPEG XL through libjxl (@jsquash/jxl). The plain single-threaded encoder is
 * used everywhere: the threaded builds need cross-origin isolation, which the
 * site does not ask for, and one .wasm then serves every browser and Node.
 */
import decodeJxl, { init as initDecode } from '@jsquash/jxl/decode';
import decUrl from '@jsquash/jxl/codec/dec/jxl_dec.wasm?url';
import encUrl from '@jsquash/jxl/codec/enc/jxl_enc.wasm?url';
import { instantiateWith, wasmModule } from '../wasm';
import type { RasterImage } from '../types';

interface JxlEncoder {
  encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null;
}

let decoderReady: Promise<unknown> | undefined;
let encoderReady: Promise<JxlEncoder> | undefined;

function readyDecoder(): Promise<unknown> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/jxl/codec/dec/jxl_dec.wasm').then((m) => initDecode(m));
  decoderReady.catch(() => (decoderReady = undefined));
  return decoderReady;
}

function readyEncoder(): Promise<JxlEncoder> {
  encoderReady ??= wasmModule(encUrl, '@jsquash/jxl/codec/enc/jxl_enc.wasm').then(async (m) => {
    const { default: factory } = await import('@jsquash/jxl/codec/enc/jxl_enc.js');
    return (await factory({ noInitialRun: true, instantiateWasm: instantiateWith(m) })) as unknown as JxlEncoder;
  });
  encoderReady.catch(() => (encoderReady = undefined));
  return encoderReady;
}

/** The image as 8-bit RGBA, turned upright by its orientation (libjxl does that by default). */
export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  await readyDecoder();
  const image = await decodeJxl(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** libjxl's effort (1 fastest .. 9): 7 is its default, the best size for the time on photos. */
export const JXL_EFFORT = 7;

/**
 * quality 0..100 as libjxl reads it (90 is visually lossless, distance 1).
 * Lossless keeps every pixel, alpha included.
 */
export async function encode(image: RasterImage, quality: number, lossless: boolean): Promise<Uint8Array> {
  const module = await readyEncoder();
  const { defaultOptions } = await import('@jsquash/jxl/meta');
  const options = lossless
    ? { ...defaultOptions, lossless: true, quality: 100, lossyModular: false, lossyPalette: false, effort: JXL_EFFORT }
    : { ...defaultOptions, quality: Math.round(quality), effort: JXL_EFFORT };
  const result = module.encode(image.data, image.width, image.height, options);
  if (!result) throw new Error('JPEG XL encoding failed');
  return new Uint8Array(result);
}
