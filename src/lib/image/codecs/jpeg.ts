/** JPEG through MozJPEG (@jsquash/jpeg): decoding, and encoding with MozJPEG's trellis and progressive scans. */
import decodeJpeg, { init as initDecode } from '@jsquash/jpeg/decode';
import encodeJpeg, { init as initEncode } from '@jsquash/jpeg/encode';
import decUrl from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?url';
import encUrl from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?url';
import { wasmModule } from '../wasm';
import type { RasterImage } from '../types';

/**
 * A native MozJPEG that writes the same bytes as the WebAssembly one, for the
 * command line (src/cli/node/native-jpeg.ts installs it once it has proved the
 * bytes equal). The site never has one.
 */
export interface NativeJpegEncoder {
  /** The qualities at which it writes the WebAssembly encoder's bytes. */
  accepts(quality: number): boolean;
  encode(image: RasterImage, quality: number): Promise<Uint8Array>;
}
let nativeEncoder: NativeJpegEncoder | undefined;

/** Installs (or, with undefined, removes) the native encoder used for progressive JPEGs at the qualities it accepts. */
export function useNativeJpegEncoder(encoder: NativeJpegEncoder | undefined): void {
  nativeEncoder = encoder;
}

/** A native decoder giving the WebAssembly decoder's pixels, or null for a file it leaves to it. */
export type NativeJpegDecoder = (bytes: Uint8Array) => Promise<RasterImage | null>;
let nativeDecoder: NativeJpegDecoder | undefined;

/** Installs (or, with undefined, removes) the native decoder. */
export function useNativeJpegDecoder(decoder: NativeJpegDecoder | undefined): void {
  nativeDecoder = decoder;
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

/** The stored pixels, not yet turned by the EXIF orientation (decode.ts does that). */
export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  const native = nativeDecoder ? await nativeDecoder(bytes) : null;
  if (native) return native;
  await readyDecoder();
  const image = await decodeJpeg(bytes.slice().buffer, { preserveOrientation: false });
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** quality 1..100 as MozJPEG reads it. The pixels must be opaque already (JPEG has no alpha). */
export async function encode(image: RasterImage, quality: number, options: { baseline?: boolean } = {}): Promise<Uint8Array> {
  if (nativeEncoder && !options.baseline && nativeEncoder.accepts(Math.round(quality))) return nativeEncoder.encode(image, Math.round(quality));
  await readyEncoder();
  const data = { width: image.width, height: image.height, data: image.data, colorSpace: 'srgb' } as unknown as ImageData;
  // No EXIF, no ICC, no comments are written: MozJPEG writes only the JFIF header and the image.
  // Baseline (not progressive) where a container requires it: JPEG-in-TIFF readers expect one scan.
  const extra = options.baseline ? { progressive: false } : {};
  return new Uint8Array(await encodeJpeg(data, { quality: Math.round(quality), ...extra }));
}
