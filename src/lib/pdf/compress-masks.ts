/**
 * Soft masks follow their image down in resolution: once an image has been
 * re-encoded at its target size, an 8-bit Flate soft mask much larger than
 * it is averaged down to the same size and Flate-compressed again. A mask
 * shared by several images, or one with a Matte colour (the image's colours
 * were pre-blended for that mask's exact pixels), is left as it is.
 */
import { PDFArray, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { decodeFlateImage } from './compress-images';
import { grayMaskStream } from './gray-mask-stream';

const N = {
  Subtype: PDFName.of('Subtype'),
  Image: PDFName.of('Image'),
  SMask: PDFName.of('SMask'),
  Width: PDFName.of('Width'),
  Height: PDFName.of('Height'),
  Filter: PDFName.of('Filter'),
  FlateDecode: PDFName.of('FlateDecode'),
  BitsPerComponent: PDFName.of('BitsPerComponent'),
  ColorSpace: PDFName.of('ColorSpace'),
  DeviceGray: PDFName.of('DeviceGray'),
  Matte: PDFName.of('Matte'),
  Decode: PDFName.of('Decode'),
};

/** How many images use each soft mask. */
export function softMaskUses(doc: PDFDocument): Map<PDFRef, number> {
  const uses = new Map<PDFRef, number>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(N.Subtype) !== N.Image) continue;
    const mask = object.dict.get(N.SMask);
    if (mask instanceof PDFRef) uses.set(mask, (uses.get(mask) ?? 0) + 1);
  }
  return uses;
}

const num = (value: unknown) => (value instanceof PDFNumber ? value.asNumber() : 0);

/** No Decode array, or [0 1] (which pdf-lib writes): the samples mean what they say. */
function identityDecode(decode: unknown): boolean {
  if (decode === undefined) return true;
  return decode instanceof PDFArray && decode.size() === 2 && num(decode.lookup(0)) === 0 && num(decode.lookup(1)) === 1;
}

/** Area-average downsampling of one 8-bit channel taken from RGBA (every fourth byte). */
function averageDown(rgba: Uint8ClampedArray, width: number, height: number, toWidth: number, toHeight: number): Uint8Array {
  const out = new Uint8Array(toWidth * toHeight);
  for (let ty = 0; ty < toHeight; ty++) {
    const y0 = Math.floor((ty * height) / toHeight);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / toHeight));
    for (let tx = 0; tx < toWidth; tx++) {
      const x0 = Math.floor((tx * width) / toWidth);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / toWidth));
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += rgba[(y * width + x) * 4];
      out[ty * toWidth + tx] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return out;
}

/**
 * Brings the soft mask of the (already re-encoded) image at `imageRef` down
 * to the image's size; true when it did. A mask missing from `uses` was
 * made by the compressor itself for this image (from JPX alpha).
 */
export function shrinkSoftMask(doc: PDFDocument, imageRef: PDFRef, uses: Map<PDFRef, number>): boolean {
  const image = doc.context.lookup(imageRef);
  const maskRef = image instanceof PDFRawStream ? image.dict.get(N.SMask) : undefined;
  if (!(image instanceof PDFRawStream) || !(maskRef instanceof PDFRef) || (uses.get(maskRef) ?? 1) !== 1) return false;
  const mask = doc.context.lookup(maskRef);
  if (!(mask instanceof PDFRawStream)) return false;
  const dict = mask.dict;
  if (dict.lookup(N.Filter) !== N.FlateDecode || dict.has(N.Matte) || !identityDecode(dict.lookup(N.Decode)) || num(dict.lookup(N.BitsPerComponent)) !== 8) return false;
  if (dict.lookup(N.ColorSpace) !== N.DeviceGray) return false;
  const width = num(dict.lookup(N.Width));
  const height = num(dict.lookup(N.Height));
  const toWidth = num(image.dict.lookup(N.Width));
  const toHeight = num(image.dict.lookup(N.Height));
  // Only a mask clearly finer than its image is worth a second pass.
  if (toWidth < 1 || toHeight < 1 || width < toWidth * 1.1 || height < toHeight * 1.1) return false;
  const samples = decodeFlateImage(mask, width, height, 1);
  if (!samples) return false;
  const smaller = grayMaskStream(doc.context, averageDown(samples, width, height, toWidth, toHeight), toWidth, toHeight);
  if (smaller.contents.length >= mask.contents.length) return false;
  doc.context.assign(maskRef, smaller);
  return true;
}
