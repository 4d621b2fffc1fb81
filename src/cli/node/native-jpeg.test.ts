import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decode, encode, useNativeJpegDecoder, useNativeJpegEncoder } from '../../lib/image/codecs/jpeg';
import type { RasterImage } from '../../lib/image/types';
import { asMozjpegLayout } from './mozjpeg-markers';
import { decodesSamePixels, installNativeJpeg, NATIVE_QUALITIES, nativeDecoder, nativeEncoder, plainYcbcrJpeg, probePictures, writesSameBytes } from './native-jpeg';

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

const same = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);

afterEach(() => {
  useNativeJpegEncoder(undefined);
  useNativeJpegDecoder(undefined);
});

describe('native MozJPEG on the command line', () => {
  const native = nativeEncoder(sharp);
  const pictures = [photo(320, 213, 1), photo(129, 77, 2), photo(17, 9, 3), ...probePictures()];

  it('writes the WebAssembly encoder’s bytes exactly at every quality it accepts, on odd sizes too', async () => {
    for (const picture of pictures)
      for (let quality = NATIVE_QUALITIES.from; quality <= NATIVE_QUALITIES.to; quality++) {
        expect(native.accepts(quality)).toBe(true);
        const [wasm, fast] = await Promise.all([encode(picture, quality), native.encode(picture, quality)]);
        expect(same(wasm, fast), `${picture.width}x${picture.height} at ${quality}`).toBe(true);
      }
  });

  it('accepts no quality where libvips is set up otherwise than the site (16-bit tables below, 4:2:2 above)', async () => {
    for (const quality of [NATIVE_QUALITIES.from - 1, NATIVE_QUALITIES.to + 1]) {
      expect(native.accepts(quality)).toBe(false);
      const [wasm, fast] = await Promise.all([encode(pictures[0], quality), native.encode(pictures[0], quality)]);
      expect(same(wasm, fast)).toBe(false);
    }
  });

  it('is what encode() uses once installed, only at the qualities it accepts', async () => {
    const spy = vi.spyOn(native, 'encode');
    useNativeJpegEncoder(native);
    const inside = await encode(pictures[1], 75);
    const outside = await encode(pictures[1], 85);
    const baseline = await encode(pictures[1], 75, { baseline: true });
    expect(spy).toHaveBeenCalledTimes(1);
    useNativeJpegEncoder(undefined);
    expect(same(inside, await encode(pictures[1], 75))).toBe(true);
    expect(same(outside, await encode(pictures[1], 85))).toBe(true);
    expect(same(baseline, await encode(pictures[1], 75, { baseline: true }))).toBe(true);
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

  it('is installed when it proves equal, and FILEDESK_NATIVE=0 keeps WebAssembly', async () => {
    process.env.FILEDESK_NATIVE = '0';
    expect(await installNativeJpeg()).toBe(false);
    delete process.env.FILEDESK_NATIVE;
    expect(await installNativeJpeg()).toBe(true);
  });
});

describe('native JPEG decoding on the command line', () => {
  const native = nativeDecoder(sharp);
  const pictures = [photo(320, 213, 4), photo(129, 77, 5), photo(17, 9, 6)];
  const samePixels = (a: RasterImage, b: RasterImage) => a.width === b.width && a.height === b.height && a.data.every((v, i) => v === b.data[i]);

  it('gives the WebAssembly decoder’s pixels for baseline and progressive files, 4:2:0 and 4:4:4, odd sizes', async () => {
    for (const picture of pictures) {
      const files = [
        ...(await Promise.all([30, 75, 95].map((q) => encode(picture, q)))),
        await encode(picture, 75, { baseline: true }),
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
        expect(samePixels(await decode(file), fast!)).toBe(true);
      }
    }
    expect(await decodesSamePixels(native)).toBe(true);
  });

  it('leaves to WebAssembly the files whose pixels libvips would read otherwise, and damaged ones', async () => {
    const base = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#4080c0' } });
    const withProfile = new Uint8Array(await base().withIccProfile('p3').jpeg().toBuffer());
    const grey = new Uint8Array(await base().toColourspace('b-w').jpeg().toBuffer());
    const cmyk = new Uint8Array(await base().toColourspace('cmyk').jpeg().toBuffer());
    const plain = await encode(pictures[0], 75);
    for (const declined of [withProfile, grey, cmyk]) {
      expect(plainYcbcrJpeg(declined)).toBe(false);
      expect(await native(declined)).toBeNull();
    }
    expect(plainYcbcrJpeg(plain)).toBe(true);
    expect(await native(plain.slice(0, plain.byteLength >> 1))).toBeNull();
  });

  it('is what decode() uses once installed', async () => {
    const file = await encode(pictures[1], 75);
    let calls = 0;
    useNativeJpegDecoder(async (bytes) => {
      calls++;
      return native(bytes);
    });
    const decoded = await decode(file);
    expect(calls).toBe(1);
    useNativeJpegDecoder(undefined);
    expect(samePixels(decoded, await decode(file))).toBe(true);
  });
});
