/**
 * The compressor on JPEG 2000 and masked images: each output must be smaller,
 * pass qpdf --check, look like the input where the picture is drawn, and keep
 * its transparency (the red square under the picture must show through
 * exactly as much as before).
 */
import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { compressPdf } from '../src/lib/pdf/compress';
import { jpxComponents } from '../src/lib/pdf/jpx-decode';
import { INPUT_PATH, runQpdf } from '../src/lib/pdf/qpdf';
import { cellDifference, jpxAlphaPdf, jpxPdf, maskedImagePdf, PICTURE_BOX, redness, renderPixels } from './fixtures/pdf-build/compress-inputs';
import { JPX_PHOTO, JPX_PHOTO_ALPHA } from './fixtures/pdf-build/jpx-images';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

/** Filter, width and soft-mask width (0 without one) of every non-mask image in a PDF. */
async function images(bytes: Uint8Array): Promise<{ filter: string; width: number; maskWidth: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const masks = new Set<PDFRef>();
  const list: { ref: PDFRef; stream: PDFRawStream }[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const smask = object.dict.get(PDFName.of('SMask'));
    if (smask instanceof PDFRef) masks.add(smask);
    list.push({ ref, stream: object });
  }
  return list
    .filter(({ ref }) => !masks.has(ref))
    .map(({ stream }) => {
      const mask = stream.dict.lookup(PDFName.of('SMask'));
      const width = (dict: PDFDict) => (dict.lookup(PDFName.of('Width')) as PDFNumber).asNumber();
      return { filter: String(stream.dict.get(PDFName.of('Filter'))), width: width(stream.dict), maskWidth: mask instanceof PDFRawStream ? width(mask.dict) : 0 };
    });
}

/** The left and right thirds of the picture: transparent and opaque in the alpha fixtures. */
const left = { ...PICTURE_BOX, width: PICTURE_BOX.width / 3 };
const right = { ...PICTURE_BOX, x: PICTURE_BOX.x + (PICTURE_BOX.width * 2) / 3, width: PICTURE_BOX.width / 3 };

// Each picture is drawn 72 pt wide; at 150 dpi that is 150 px, for the image and for its soft mask.
describe.each([
  ['a JPEG 2000 image', jpxPdf, false],
  ['a JPEG 2000 image with alpha in its data', jpxAlphaPdf, true],
  ['a Flate image with a soft mask', maskedImagePdf, true],
] as const)('compressing %s', (_label, build, masked) => {
  it('re-encodes it as JPEG, smaller, valid and looking the same', async () => {
    const input = await build();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    expect(result.kept).toBe(false);
    expect(result.imagesRecompressed).toBe(1);
    expect(result.bytes.length).toBeLessThan(input.length);
    expect(await images(result.bytes)).toEqual([{ filter: '/DCTDecode', width: 150, maskWidth: masked ? 150 : 0 }]);
    expect((await runQpdf(['--check', INPUT_PATH], result.bytes)).code).toBe(0);

    const before = await renderPixels(input);
    const after = await renderPixels(result.bytes);
    // A JPEG at 150 dpi of a noisy picture differs pixel by pixel, but looks the same over 6 pt cells.
    expect(cellDifference(before, after, PICTURE_BOX)).toBeLessThan(5);
    if (masked) {
      // The red square shows through the transparent side and not through the opaque side, before and after.
      expect(redness(before, left)).toBeGreaterThan(60);
      expect(redness(after, left)).toBeGreaterThan(60);
      expect(Math.abs(redness(after, left) - redness(before, left))).toBeLessThan(15);
      expect(Math.abs(redness(after, right) - redness(before, right))).toBeLessThan(15);
    }
  });
});

describe('jpxComponents', () => {
  it('reads the component count from the codestream of a JP2 file or a bare codestream', () => {
    expect(jpxComponents(JPX_PHOTO)).toBe(3);
    expect(jpxComponents(JPX_PHOTO_ALPHA)).toBe(4);
    const start = JPX_PHOTO.findIndex((byte, i) => byte === 0xff && JPX_PHOTO[i + 1] === 0x4f && JPX_PHOTO[i + 2] === 0xff && JPX_PHOTO[i + 3] === 0x51);
    expect(jpxComponents(JPX_PHOTO.subarray(start))).toBe(3);
    // Anything else (a CMYK image would read 4, which the compressor only takes with alpha) is 0 when unreadable.
    expect(jpxComponents(new Uint8Array([0xff, 0x4f, 0xff, 0x52, 0, 0]))).toBe(0);
  });
});
