/**
 * Recompressing the images of a PDF: JPEG (DCT), JPEG 2000 (JPX) and 8-bit
 * RGB or gray Flate images are downsampled to a target resolution (from how
 * large each one is drawn) and re-encoded as JPEG. A soft mask (SMask) or
 * stencil mask (Mask) is a separate image with its own resolution, so the
 * colour image under it is re-encoded and the mask reference carried over
 * (compress-masks.ts then brings a much finer soft mask down to the image's
 * new size); transparency stored inside JPX data becomes a Flate soft mask.
 * Colour-key masks, CMYK, unusual colour spaces or bit depths are kept.
 *
 * CCITT (fax) images are kept: they are bilevel, and Group 4 coding is
 * already far smaller than any JPEG or Flate image of the same pixels, while
 * downsampling a bilevel image turns sharp text into grey smudges.
 */
import { unzlibSync } from 'fflate';
import { PDFArray, PDFBool, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { jpegSegments, readJpegFrame } from '../image/header';
import type { DrawnSizes } from './drawn-size';
import type { CodecSource, JpegCodec } from './image-codec';
import { grayMaskStream } from './gray-mask-stream';
import { decodeJpx } from './jpx-decode';

export interface ImageLevel {
  /** Target resolution in pixels per inch at the size the image is drawn. */
  dpi: number;
  /** JPEG quality 0..1. */
  quality: number;
}

/** Images with more pixels than this are kept rather than decoded (about 160 MB of RGBA). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Streams smaller than this are not worth re-encoding. */
const MIN_STREAM_BYTES = 4096;

const N = {
  Subtype: PDFName.of('Subtype'),
  Image: PDFName.of('Image'),
  Width: PDFName.of('Width'),
  Height: PDFName.of('Height'),
  BitsPerComponent: PDFName.of('BitsPerComponent'),
  ColorSpace: PDFName.of('ColorSpace'),
  Filter: PDFName.of('Filter'),
  DecodeParms: PDFName.of('DecodeParms'),
  Decode: PDFName.of('Decode'),
  SMask: PDFName.of('SMask'),
  Mask: PDFName.of('Mask'),
  ImageMask: PDFName.of('ImageMask'),
  SMaskInData: PDFName.of('SMaskInData'),
  Length: PDFName.of('Length'),
  ICCBased: PDFName.of('ICCBased'),
  N: PDFName.of('N'),
  Predictor: PDFName.of('Predictor'),
  Colors: PDFName.of('Colors'),
  Columns: PDFName.of('Columns'),
  DeviceRGB: PDFName.of('DeviceRGB'),
  DeviceGray: PDFName.of('DeviceGray'),
};

function num(dict: PDFDict, key: PDFName): number | undefined {
  const value = dict.lookup(key);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

function filterNames(dict: PDFDict): string[] | null {
  const filter = dict.lookup(N.Filter);
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    const names = filter.asArray().map((item) => (item instanceof PDFName ? item.decodeText() : ''));
    return names.every(Boolean) ? names : null;
  }
  return null;
}

/** Channels of a DeviceRGB/DeviceGray or ICCBased (N = 1 or 3) colour space; null for anything else. */
function channelsOf(dict: PDFDict): { channels: 1 | 3; icc: boolean } | null {
  const space = dict.lookup(N.ColorSpace);
  if (space === N.DeviceRGB) return { channels: 3, icc: false };
  if (space === N.DeviceGray) return { channels: 1, icc: false };
  if (space instanceof PDFArray && space.size() === 2 && space.lookup(0) === N.ICCBased) {
    const profile = space.lookup(1);
    const n = profile instanceof PDFRawStream ? num(profile.dict, N.N) : undefined;
    if (n === 3) return { channels: 3, icc: true };
    if (n === 1) return { channels: 1, icc: true };
  }
  return null;
}

/** Removes APP1 (EXIF/XMP) segments, since decoders rotate by EXIF orientation but PDF readers do not. */
function stripApp1(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let kept = 0;
  for (const { marker, start, length } of jpegSegments(bytes)) {
    if (marker !== 0xe1) continue;
    // The marker and its length field are the 4 bytes before the payload.
    parts.push(bytes.subarray(kept, start - 4));
    kept = start + length;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(kept));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Undoes PNG row predictors (PDF Predictor 10..15) for 8-bit samples. */
export function undoPngPredictor(data: Uint8Array, columns: number, colors: number, rows: number): Uint8Array | null {
  const bpp = colors;
  const rowBytes = columns * colors;
  if (data.length < rows * (rowBytes + 1)) return null;
  const out = new Uint8Array(rows * rowBytes);
  for (let y = 0; y < rows; y++) {
    const type = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const dst = y * rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const raw = data[src + x];
      const left = x >= bpp ? out[dst + x - bpp] : 0;
      const up = y > 0 ? out[dst - rowBytes + x] : 0;
      const upLeft = y > 0 && x >= bpp ? out[dst - rowBytes + x - bpp] : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else return null;
      out[dst + x] = value & 255;
    }
  }
  return out;
}

/** RGBA pixels of an 8-bit Flate image (with or without PNG predictors); null when it cannot be decoded. */
export function decodeFlateImage(stream: PDFRawStream, width: number, height: number, channels: number): Uint8ClampedArray | null {
  const parms = stream.dict.lookup(N.DecodeParms);
  let predictor = 1;
  if (parms instanceof PDFDict) {
    predictor = num(parms, N.Predictor) ?? 1;
    const colors = num(parms, N.Colors) ?? 1;
    const columns = num(parms, N.Columns) ?? 1;
    const bpc = num(parms, N.BitsPerComponent) ?? 8;
    if (predictor >= 10 && (colors !== channels || columns !== width || bpc !== 8)) return null;
  } else if (parms !== undefined) return null;
  if (predictor !== 1 && predictor < 10) return null;
  const expected = width * height * channels + (predictor >= 10 ? height : 0);
  let raw: Uint8Array;
  try {
    // A fixed output buffer caps what a hostile stream can expand to.
    raw = unzlibSync(stream.contents, { out: new Uint8Array(expected) });
  } catch {
    return null;
  }
  if (raw.length < expected) return null;
  const samples = predictor >= 10 ? undoPngPredictor(raw, width, channels, height) : raw;
  if (!samples) return null;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += channels) {
    const r = samples[j];
    rgba[i * 4] = r;
    rgba[i * 4 + 1] = channels === 3 ? samples[j + 1] : r;
    rgba[i * 4 + 2] = channels === 3 ? samples[j + 2] : r;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** RGBA with full opacity from 1, 3 or 4 samples per pixel (the encoder would otherwise blend transparent pixels with white). */
function toOpaqueRgba(data: Uint8ClampedArray, channels: number, pixels: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0, j = 0; i < pixels; i++, j += channels) {
    rgba[i * 4] = data[j];
    rgba[i * 4 + 1] = channels >= 3 ? data[j + 1] : data[j];
    rgba[i * 4 + 2] = channels >= 3 ? data[j + 2] : data[j];
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** The alpha samples of RGBA data. */
function alphaOf(rgba: Uint8ClampedArray, pixels: number): Uint8Array {
  const alpha = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) alpha[i] = rgba[i * 4 + 3];
  return alpha;
}

/** Refs of images used as another image's mask: re-encoding those would blur the transparency. */
export function maskRefs(doc: PDFDocument): Set<PDFRef> {
  const refs = new Set<PDFRef>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    for (const key of [N.SMask, N.Mask]) {
      const value = object.dict.get(key);
      if (value instanceof PDFRef) refs.add(value);
    }
  }
  return refs;
}

/** What the compressor did to one image. */
export type ImageOutcome = 'recompressed' | 'kept';

/**
 * Re-encodes one image XObject in place when that makes it smaller; `drawn`
 * is its largest drawn size in points (the page size when unknown).
 */
export async function recompressImage(
  doc: PDFDocument,
  ref: PDFRef,
  stream: PDFRawStream,
  drawn: { width: number; height: number },
  level: ImageLevel,
  codec: JpegCodec,
): Promise<ImageOutcome> {
  const dict = stream.dict;
  const width = num(dict, N.Width) ?? 0;
  const height = num(dict, N.Height) ?? 0;
  if (width < 1 || height < 1 || width * height > MAX_IMAGE_PIXELS) return 'kept';
  if (stream.contents.length < MIN_STREAM_BYTES) return 'kept';
  // A colour-key mask (an array of colour ranges) needs exact colours, which JPEG does not keep.
  if (dict.lookup(N.Mask) instanceof PDFArray || dict.has(N.Decode)) return 'kept';
  const smask = dict.get(N.SMask);
  if (smask !== undefined && !(smask instanceof PDFRef)) return 'kept';
  if (dict.lookup(N.ImageMask) === PDFBool.True) return 'kept';
  const filters = filterNames(dict);
  if (!filters || filters.length !== 1) return 'kept';
  const alphaInData = filters[0] === 'JPXDecode' && (num(dict, N.SMaskInData) ?? 0) > 0;
  // An image with both a soft mask and JPX alpha has two masks; too rare to be worth the risk.
  if (alphaInData && smask) return 'kept';
  let source: CodecSource;
  let space: { channels: 1 | 3; icc: boolean } | null;
  let alpha: Uint8Array | null = null;
  if (filters[0] === 'JPXDecode') {
    // A JPX image may leave its colour space and depth to the JPX data itself.
    space = dict.has(N.ColorSpace) ? channelsOf(dict) : { channels: 3, icc: false };
    if (!space) return 'kept';
    const decoded = await decodeJpx(stream.contents, width, height, alphaInData);
    if (!decoded || (alphaInData && decoded.channels !== 4)) return 'kept';
    source = { kind: 'rgba', data: toOpaqueRgba(decoded.data, decoded.channels, width * height), width, height };
    if (alphaInData) alpha = alphaOf(decoded.data, width * height);
  } else {
    if (dict.has(N.SMaskInData) || num(dict, N.BitsPerComponent) !== 8) return 'kept';
    space = channelsOf(dict);
    if (!space) return 'kept';
    if (filters[0] === 'DCTDecode') {
      const frame = readJpegFrame(stream.contents);
      if (!frame || frame.width !== width || frame.height !== height || frame.components !== space.channels) return 'kept';
      source = { kind: 'jpeg', bytes: stripApp1(stream.contents) };
    } else if (filters[0] === 'FlateDecode') {
      const data = decodeFlateImage(stream, width, height, space.channels);
      if (!data) return 'kept';
      source = { kind: 'rgba', data, width, height };
    } else return 'kept';
  }

  const drawnW = Math.max(drawn.width, 1);
  const drawnH = Math.max(drawn.height, 1);
  const dpi = Math.min((width * 72) / drawnW, (height * 72) / drawnH);
  // A little headroom avoids resampling an image that is only slightly above the target.
  const scale = dpi > level.dpi * 1.1 ? level.dpi / dpi : 1;
  const targetW = Math.max(1, Math.round(width * scale));
  const targetH = Math.max(1, Math.round(height * scale));
  let jpeg: Uint8Array;
  try {
    jpeg = await codec.toJpeg(source, targetW, targetH, level.quality);
  } catch {
    return 'kept';
  }
  // JPEG has no alpha channel: transparency from JPX data moves to a separate soft mask.
  const mask = alpha ? grayMaskStream(doc.context, alpha, width, height) : null;
  const size = jpeg.length + (mask ? mask.contents.length : 0);
  // Re-encoding at the same size must save a tenth to be worth a second generation of JPEG loss.
  const worth = scale < 1 ? size < stream.contents.length : size < stream.contents.length * 0.9;
  if (!worth) return 'kept';
  const replacement = dict.clone(doc.context);
  replacement.set(N.Width, PDFNumber.of(targetW));
  replacement.set(N.Height, PDFNumber.of(targetH));
  replacement.set(N.Filter, PDFName.of('DCTDecode'));
  replacement.set(N.BitsPerComponent, PDFNumber.of(8));
  // Canvas encoders write three-channel JPEGs; an RGB ICC profile still fits them.
  if (!(space.icc && space.channels === 3)) replacement.set(N.ColorSpace, N.DeviceRGB);
  replacement.delete(N.DecodeParms);
  replacement.delete(N.Length);
  replacement.delete(N.SMaskInData);
  if (mask) replacement.set(N.SMask, doc.context.register(mask));
  doc.context.assign(ref, PDFRawStream.of(replacement, jpeg));
  return 'recompressed';
}

/** Every image XObject in the document that is not a mask, with its drawn size or the fallback. */
export function imageTargets(doc: PDFDocument, drawnSizes: DrawnSizes): { ref: PDFRef; stream: PDFRawStream; drawn: { width: number; height: number } }[] {
  const masks = maskRefs(doc);
  // An image drawn somewhere not measured (annotation, pattern) is assumed to fill the largest page.
  const fallback = doc.getPages().reduce((max, page) => ({ width: Math.max(max.width, page.getWidth()), height: Math.max(max.height, page.getHeight()) }), { width: 1, height: 1 });
  const targets = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(N.Subtype) !== N.Image || masks.has(ref)) continue;
    targets.push({ ref, stream: object, drawn: drawnSizes.get(ref) ?? fallback });
  }
  return targets;
}
