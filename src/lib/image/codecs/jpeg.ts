/** JPEG through MozJPEG (@jsquash/jpeg): decoding, and encoding with MozJPEG's trellis and progressive scans. */
import decodeJpeg, { init as initDecode } from '@jsquash/jpeg/decode';
import encodeJpeg, { init as initEncode } from '@jsquash/jpeg/encode';
import decUrl from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?url';
import encUrl from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?url';
import { wasmModule } from '../wasm';
import type { RasterImage } from '../types';

/*
 * Native paths that give the WebAssembly codec's exact results, for the
 * command line (src/cli/node/native-jpeg-proof.ts installs them and proves
 * them equal before their first use). The site never has them. Each may answer
 * null, and the WebAssembly codec does the work.
 */

export interface NativeJpegEncoder {
  /** The qualities at which it may write the WebAssembly encoder's bytes. */
  accepts(quality: number): boolean;
  encode(image: RasterImage, quality: number): Promise<Uint8Array | null>;
}

/** Gives the WebAssembly decoder's pixels, or null for a file it leaves to it. */
export type NativeJpegDecoder = (bytes: Uint8Array) => Promise<RasterImage | null>;

/**
 * From a JPEG straight to a re-encoded JPEG, its pixels turned by an EXIF
 * orientation on the way, never handed to JavaScript: the bytes of decode,
 * applyOrientation and encode, without the copies.
 */
export type NativeJpegTranscoder = (bytes: Uint8Array, orientation: number, quality: number) => Promise<Uint8Array | null>;

export interface NativeJpeg {
  decoder?: NativeJpegDecoder;
  encoder?: NativeJpegEncoder;
  transcoder?: NativeJpegTranscoder;
}

let native: NativeJpeg = {};

/** Installs native paths (an empty object removes them). */
export function useNativeJpeg(paths: NativeJpeg): void {
  native = paths;
}

let decoderReady: Promise<void> | undefined;
let encoderReady: Promise<void> | undefined;

function readyDecoder(): Promise<void> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm').then((m) => initDecode(m));
  return decoderReady;
}

function readyEncoder(): Promise<void> {
  encoderReady ??= wasmModule(encUrl, '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm').then((m) => initEncode(m));
  return encoderReady;
}

/** MozJPEG in WebAssembly: the stored pixels, not yet turned by the EXIF orientation. */
export async function wasmDecode(bytes: Uint8Array): Promise<RasterImage> {
  await readyDecoder();
  const image = await decodeJpeg(bytes.slice().buffer, { preserveOrientation: false });
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** MozJPEG in WebAssembly, quality 1..100 as it reads it; the pixels must be opaque already. */
export async function wasmEncode(image: RasterImage, quality: number, options: { baseline?: boolean } = {}): Promise<Uint8Array> {
  await readyEncoder();
  const data = { width: image.width, height: image.height, data: image.data, colorSpace: 'srgb' } as unknown as ImageData;
  // No EXIF, no ICC, no comments are written: MozJPEG writes only the JFIF header and the image.
  // Baseline (not progressive) where a container requires it: JPEG-in-TIFF readers expect one scan.
  const extra = options.baseline ? { progressive: false } : {};
  return new Uint8Array(await encodeJpeg(data, { quality: Math.round(quality), ...extra }));
}

/** The stored pixels, not yet turned by the EXIF orientation (decode.ts does that). */
export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  return (native.decoder && (await native.decoder(bytes))) || wasmDecode(bytes);
}

/** quality 1..100 as MozJPEG reads it. The pixels must be opaque already (JPEG has no alpha). */
export async function encode(image: RasterImage, quality: number, options: { baseline?: boolean } = {}): Promise<Uint8Array> {
  const q = Math.round(quality);
  const fast = native.encoder && !options.baseline && native.encoder.accepts(q) ? await native.encoder.encode(image, q) : null;
  return fast ?? wasmEncode(image, quality, options);
}

/** The file re-encoded by the native transcoder, or null where there is none (the site) or it declines. */
export async function transcode(bytes: Uint8Array, orientation: number, quality: number): Promise<Uint8Array | null> {
  return native.transcoder ? native.transcoder(bytes, orientation, Math.round(quality)) : null;
}
