import { initializeCanvas, writePsdUint8Array } from 'ag-psd';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import psdToAi from './psd-to-ai';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

function pixels(width: number, height: number, rgba: number[]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data, colorSpace: 'srgb' } as unknown as ImageData;
}

/** 40 x 30: a red background layer, a half-opaque blue badge at (25, 5), a hidden layer, and the composite. */
function layeredPsd(): Uint8Array {
  initializeCanvas(() => {
    throw new Error('No canvas needed');
  }, (width, height) => pixels(width, height, [0, 0, 0, 0]));
  const composite = pixels(40, 30, [255, 0, 0, 255]);
  return writePsdUint8Array(
    {
      width: 40,
      height: 30,
      imageData: composite,
      children: [
        { name: 'Background', left: 0, top: 0, imageData: pixels(40, 30, [255, 0, 0, 255]) },
        { name: 'Badge', left: 25, top: 5, opacity: 0.5, imageData: pixels(10, 10, [0, 0, 255, 255]) },
        { name: 'Secret', left: 0, top: 0, hidden: true, imageData: pixels(5, 5, [0, 255, 0, 255]) },
      ],
    },
    { generateThumbnail: false },
  );
}

describe('psd-to-ai', () => {
  it('writes a PDF-compatible page with the composite shown and each visible layer as its own image in a hidden PDF layer', async () => {
    const bytes = layeredPsd();
    const before = bytes.slice();
    const [out] = await psdToAi.run([{ name: 'poster.psd', type: 'image/vnd.adobe.photoshop', bytes }], {}, ctx());
    expect(bytes).toEqual(before);
    expect(new TextDecoder().decode(out.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(out.meta).toMatchObject({ width: 40, height: 30, layers: 2 });

    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect([page.getWidth(), page.getHeight()]).toEqual([40, 30]);

    const oc = doc.catalog.lookup(PDFName.of('OCProperties'), PDFDict);
    const groups = oc.lookup(PDFName.of('OCGs'), PDFArray).asArray() as PDFRef[];
    const names = groups.map((ref) => (doc.context.lookup(ref, PDFDict).lookup(PDFName.of('Name')) as PDFHexString).decodeText());
    expect(names).toEqual(['Composite', 'Background', 'Badge']);
    const defaults = oc.lookup(PDFName.of('D'), PDFDict);
    expect(defaults.lookup(PDFName.of('ON'), PDFArray).asArray()).toEqual([groups[0]]);
    expect(defaults.lookup(PDFName.of('OFF'), PDFArray).asArray()).toEqual(groups.slice(1));

    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const sizes = xobjects
      .keys()
      .map((key) => (xobjects.lookup(key) as PDFRawStream).dict)
      .map((dict) => [dict.lookup(PDFName.of('Width')), dict.lookup(PDFName.of('Height'))].map(String).join('x'));
    expect(sizes.sort()).toEqual(['10x10', '40x30', '40x30']);
    // Each image is drawn inside its layer's marked content.
    const contents = page.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const text = streams.map((stream) => new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode())).join('\n');
    expect(text.match(/\/OC \/OC\d BDC/g)).toHaveLength(3);
  });
});
