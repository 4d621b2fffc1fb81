import { describe, expect, it } from 'vitest';
import { texturedPhoto } from '../../../tests/support/image-fixtures';
import { ICC_SEGMENT, jpegWithMetadata, markersIn, pngWithMetadata, webpWithMetadata } from '../../../tests/support/metadata';
import { decode } from './decode';
import { encode } from './encode';
import { jpegSegments } from './header';
import { readJpegOrientation } from './jpeg-orientation';
import { pngChunksIntact } from './png-check';
import { withoutMetadata } from './strip-metadata';

const samePixels = async (a: Uint8Array, b: Uint8Array) => {
  const [x, y] = await Promise.all([decode('a', a), decode('b', b)]);
  expect([y.frames[0].width, y.frames[0].height]).toEqual([x.frames[0].width, x.frames[0].height]);
  expect(Buffer.compare(Buffer.from(x.frames[0].data), Buffer.from(y.frames[0].data))).toBe(0);
};

const includes = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('withoutMetadata', () => {
  it('takes EXIF, XMP, IPTC, comments and appended pictures out of a JPEG, keeping its ICC profile and pixels', async () => {
    const jpeg = await encode(texturedPhoto(40, 24), 'jpg', { quality: 70 });
    const tagged = jpegWithMetadata(jpeg);
    expect(markersIn(tagged).length).toBeGreaterThan(5);
    const clean = withoutMetadata(tagged)!;
    expect(markersIn(clean)).toEqual([]);
    expect(includes(clean, ICC_SEGMENT)).toBe(true);
    // Nothing but the metadata went: the rest is the encoder's file, byte for byte.
    expect(clean.length).toBe(jpeg.length + ICC_SEGMENT.length);
    await samePixels(tagged, clean);
    // A file without metadata comes back the same.
    expect(Buffer.compare(Buffer.from(withoutMetadata(jpeg)!), Buffer.from(jpeg))).toBe(0);
  });

  it('keeps a JPEG turned by its EXIF orientation turned, with that tag alone', async () => {
    const jpeg = await encode(texturedPhoto(40, 24), 'jpg', { quality: 70 });
    const tagged = jpegWithMetadata(jpeg, 6);
    const clean = withoutMetadata(tagged)!;
    expect(readJpegOrientation(clean)).toBe(6);
    const app1 = [...jpegSegments(clean)].filter((segment) => segment.marker === 0xe1);
    // "Exif\0\0" and a TIFF block with one IFD of one entry: no camera, no GPS.
    expect(app1.map((segment) => segment.length)).toEqual([32]);
    expect(markersIn(clean, ['TestCam', 'GPSLatitude', 'secret comment'])).toEqual([]);
    await samePixels(tagged, clean);
    const picture = (await decode('clean.jpg', clean)).frames[0];
    expect([picture.width, picture.height]).toEqual([24, 40]);
  });

  it('takes text, EXIF and time chunks out of a PNG, every other chunk intact', async () => {
    const png = await encode(texturedPhoto(20, 12), 'png');
    const tagged = pngWithMetadata(png);
    const clean = withoutMetadata(tagged)!;
    expect(Buffer.compare(Buffer.from(clean), Buffer.from(png))).toBe(0);
    expect(markersIn(tagged, ['tEXt', 'iTXt', 'eXIf', 'tIME'])).toHaveLength(4);
    expect(markersIn(clean, ['tEXt', 'iTXt', 'eXIf', 'tIME', ...['TestCam', 'secret comment']])).toEqual([]);
    expect(pngChunksIntact(clean)).toBe(true);
    await samePixels(tagged, clean);
  });

  it('takes the EXIF and XMP chunks out of a WebP and clears their flags', async () => {
    const webp = await encode(texturedPhoto(20, 12), 'webp', { quality: 60 });
    const tagged = webpWithMetadata(webp, 20, 12);
    const clean = withoutMetadata(tagged)!;
    expect(markersIn(clean, ['EXIF', 'XMP ', 'TestCam', 'GPSLatitude'])).toEqual([]);
    expect(clean[20] & 0x0c).toBe(0);
    expect(new DataView(clean.buffer, clean.byteOffset).getUint32(4, true)).toBe(clean.length - 8);
    await samePixels(tagged, clean);
  });

  it('leaves formats it does not clean, and layouts it does not follow, to the caller', () => {
    expect(withoutMetadata(new TextEncoder().encode('GIF89a....'))).toBeNull();
    // A JPEG segment running past the end of the file.
    expect(withoutMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]))).toBeNull();
  });
});
