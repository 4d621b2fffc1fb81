import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode, encode, transcode, useNativeJpeg, wasmDecode, wasmEncode } from '../../lib/image/codecs/jpeg';
import { applyOrientation } from '../../lib/image/orientation';
import { recompressJpeg } from '../../lib/image/recompress-jpeg';
import imageCompressor from '../../processors/image-compressor';
import type { RasterImage } from '../../lib/image/types';
import { asMozjpegLayout } from './mozjpeg-markers';
import { NATIVE_QUALITIES, nativeDecoder, nativeEncoder, nativeTranscoder, plainYcbcrJpeg } from './native-jpeg';
import { decodesSamePixels, installNativeJpeg, probePictures, provedNativeJpeg, transcodesSameBytes, verdictFile, writesSameBytes } from './native-jpeg-proof';

/** A photo-like picture: smooth light, edges and sensor noise. */
function photo(width: number, height: number, seed: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let s = seed;
  const noise = () => ((s = (s * 1664525 + 1013904223) >>> 0) >>> 27) - 16;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sky = y < height * 0.4;
      const base = sky ? [110 + y / 3, 160 + y / 4, 230] : [60 + ((x * y) % 90), 120 + (x % 40), 50 + ((x + y) % 70)];
      data.set([base[0] + noise(), base[1] + noise(), base[2] + noise(), 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

const same = (a: Uint8Array, b: Uint8Array | null) => !!b && a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);

afterEach(() => useNativeJpeg({}));

describe('native MozJPEG on the command line', () => {
  const native = nativeEncoder(sharp);
  const pictures = [photo(320, 213, 1), photo(129, 77, 2), photo(17, 9, 3), ...probePictures()];

  it('writes the WebAssembly encoder’s bytes exactly at every quality it accepts, on odd sizes too', async () => {
    for (const picture of pictures)
      for (let quality = NATIVE_QUALITIES.from; quality <= NATIVE_QUALITIES.to; quality++) {
        expect(native.accepts(quality)).toBe(true);
        const [wasm, fast] = await Promise.all([wasmEncode(picture, quality), native.encode(picture, quality)]);
        expect(same(wasm, fast), `${picture.width}x${picture.height} at ${quality}`).toBe(true);
      }
  });

  it('accepts no quality where libvips is set up otherwise than the site (16-bit tables below, 4:2:2 above)', async () => {
    for (const quality of [NATIVE_QUALITIES.from - 1, NATIVE_QUALITIES.to + 1]) {
      expect(native.accepts(quality)).toBe(false);
      const [wasm, fast] = await Promise.all([wasmEncode(pictures[0], quality), native.encode(pictures[0], quality)]);
      expect(same(wasm, fast)).toBe(false);
    }
  });

  it('is what encode() uses once installed, only at the qualities it accepts', async () => {
    const spy = vi.spyOn(native, 'encode');
    useNativeJpeg({ encoder: native });
    const inside = await encode(pictures[1], 75);
    const outside = await encode(pictures[1], 85);
    const baseline = await encode(pictures[1], 75, { baseline: true });
    expect(spy).toHaveBeenCalledTimes(1);
    useNativeJpeg({});
    expect(same(inside, await wasmEncode(pictures[1], 75))).toBe(true);
    expect(same(outside, await wasmEncode(pictures[1], 85))).toBe(true);
    expect(same(baseline, await wasmEncode(pictures[1], 75, { baseline: true }))).toBe(true);
  });

  it('refuses a header with anything but tables and one frame', async () => {
    const withExif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .withExif({ IFD0: { Copyright: 'x' } })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    expect(asMozjpegLayout(new Uint8Array(withExif))).toBeNull();
    expect(asMozjpegLayout(Uint8Array.of(1, 2, 3))).toBeNull();
  });

  it('is not used when it writes other bytes than the site', async () => {
    const skewed = { accepts: native.accepts, encode: (image: RasterImage, quality: number) => native.encode(image, quality + 1) };
    expect(await writesSameBytes(skewed)).toBe(false);
    expect(await writesSameBytes(native)).toBe(true);
  });

  it('is proved before first use, the verdict kept for these builds only, and FILEDESK_NATIVE=0 keeps WebAssembly', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'filedesk-cache-'));
    process.env.XDG_CACHE_HOME = cache;
    try {
      const proved = await provedNativeJpeg();
      expect(proved.decoder && proved.encoder && proved.transcoder).toBeTruthy();
      const kept = JSON.parse(readFileSync(verdictFile(), 'utf8')) as { key: string };
      expect(kept).toMatchObject({ verdict: { decodes: true, encodes: true, transcodes: true } });
      // The next thread goes by a kept verdict of these builds: one that says no keeps every path off.
      const refused = { decodes: false, encodes: false, transcodes: false };
      writeFileSync(verdictFile(), JSON.stringify({ key: kept.key, verdict: refused }));
      expect(await provedNativeJpeg()).toEqual({});
      // A verdict kept for other builds is not: the paths are proved again.
      writeFileSync(verdictFile(), JSON.stringify({ key: 'another build', verdict: refused }));
      expect((await provedNativeJpeg()).encoder).toBeDefined();

      const file = withOrientation(await wasmEncode(pictures[0], 92), 3);
      process.env.FILEDESK_NATIVE = '0';
      installNativeJpeg();
      expect(await transcode(file, 3, 75)).toBeNull();
      delete process.env.FILEDESK_NATIVE;
      installNativeJpeg();
      expect(same(await wasmEncode(applyOrientation(await wasmDecode(file), 3), 75), await transcode(file, 3, 75))).toBe(true);
    } finally {
      delete process.env.FILEDESK_NATIVE;
      delete process.env.XDG_CACHE_HOME;
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('native JPEG decoding on the command line', () => {
  const native = nativeDecoder(sharp);
  const pictures = [photo(320, 213, 4), photo(129, 77, 5), photo(17, 9, 6)];
  const samePixels = (a: RasterImage, b: RasterImage) => a.width === b.width && a.height === b.height && a.data.every((v, i) => v === b.data[i]);

  it('gives the WebAssembly decoder’s pixels for baseline and progressive files, 4:2:0 and 4:4:4, odd sizes', async () => {
    for (const picture of pictures) {
      const files = [
        ...(await Promise.all([30, 75, 95].map((q) => wasmEncode(picture, q)))),
        await wasmEncode(picture, 75, { baseline: true }),
        new Uint8Array(
          await sharp(Buffer.from(picture.data.buffer), { raw: { width: picture.width, height: picture.height, channels: 4 } })
            .removeAlpha()
            .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
            .toBuffer(),
        ),
      ];
      for (const file of files) {
        const fast = await native(file);
        expect(fast).not.toBeNull();
        expect(samePixels(await wasmDecode(file), fast!)).toBe(true);
      }
    }
    expect(await decodesSamePixels(native)).toBe(true);
  });

  it('leaves to WebAssembly the files whose pixels libvips would read otherwise, and damaged ones', async () => {
    const base = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#4080c0' } });
    const withProfile = new Uint8Array(await base().withIccProfile('p3').jpeg().toBuffer());
    const grey = new Uint8Array(await base().toColourspace('b-w').jpeg().toBuffer());
    const cmyk = new Uint8Array(await base().toColourspace('cmyk').jpeg().toBuffer());
    const plain = await wasmEncode(pictures[0], 75);
    for (const declined of [withProfile, grey, cmyk]) {
      expect(plainYcbcrJpeg(declined)).toBe(false);
      expect(await native(declined)).toBeNull();
    }
    expect(plainYcbcrJpeg(plain)).toBe(true);
    expect(await native(plain.slice(0, plain.byteLength >> 1))).toBeNull();
  });

  it('is what decode() uses once installed', async () => {
    const file = await wasmEncode(pictures[1], 75);
    let calls = 0;
    useNativeJpeg({
      decoder: async (bytes) => {
        calls++;
        return native(bytes);
      },
    });
    const decoded = await decode(file);
    expect(calls).toBe(1);
    useNativeJpeg({});
    expect(samePixels(decoded, await wasmDecode(file))).toBe(true);
  });
});

/** The JPEG with an APP1 EXIF segment holding only the Orientation tag, right after its start marker. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const body = [...'Exif'].map((c) => c.charCodeAt(0)).concat(0, 0, tiff);
  const segment = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
  return Uint8Array.of(...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2));
}

describe('native JPEG recompression on the command line', () => {
  const transcoder = nativeTranscoder(sharp);
  const pictures = [photo(129, 77, 7), photo(17, 9, 8)];

  it('writes the bytes of WebAssembly decoding, turning and encoding, for every orientation and accepted quality', async () => {
    for (const picture of pictures) {
      const file = await wasmEncode(picture, 92);
      const pixels = await wasmDecode(file);
      for (let orientation = 1; orientation <= 8; orientation++)
        for (const quality of [NATIVE_QUALITIES.from, 75, NATIVE_QUALITIES.to]) {
          const [wasm, fast] = await Promise.all([wasmEncode(applyOrientation(pixels, orientation), quality), transcoder(file, orientation, quality)]);
          expect(fast, `${picture.width}x${picture.height}, orientation ${orientation}, quality ${quality}`).not.toBeNull();
          expect(same(wasm, fast!), `${picture.width}x${picture.height}, orientation ${orientation}, quality ${quality}`).toBe(true);
        }
    }
    expect(await transcodesSameBytes(transcoder)).toBe(true);
  });

  it('declines other qualities, files libvips would read otherwise and damaged files; a wrong turn fails the proof', async () => {
    const file = await wasmEncode(pictures[0], 92);
    expect(await transcoder(file, 1, NATIVE_QUALITIES.to + 1)).toBeNull();
    expect(await transcoder(file.slice(0, file.byteLength >> 1), 1, 75)).toBeNull();
    const grey = new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#4080c0' } }).toColourspace('b-w').jpeg().toBuffer());
    expect(await transcoder(grey, 1, 75)).toBeNull();
    const mirrored = (bytes: Uint8Array, orientation: number, quality: number) => transcoder(bytes, orientation === 5 ? 7 : orientation, quality);
    expect(await transcodesSameBytes(mirrored)).toBe(false);
  });

  it('gives Image Compressor the same file and facts as decoding and encoding, turned by the EXIF orientation', async () => {
    const file = withOrientation(await wasmEncode(photo(160, 90, 9), 95), 6);
    const run = () => imageCompressor.run([{ name: 'turned.jpg', bytes: file, type: 'image/jpeg' }], imageCompressor.options.parse({ quality: 75 }), { signal: new AbortController().signal, onProgress() {} });
    const [usual] = await run();
    useNativeJpeg({ transcoder });
    expect(await recompressJpeg('turned.jpg', file, 75)).toMatchObject({ width: 90, height: 160 });
    const [fast] = await run();
    expect(same(fast.bytes, usual.bytes)).toBe(true);
    expect(fast.meta).toEqual(usual.meta);
    expect(usual.meta).toMatchObject({ width: 90, height: 160 });
  });
});
