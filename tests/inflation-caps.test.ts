/**
 * A small file must not make us inflate gigabytes. Each case is a generated
 * file of a few hundred kilobytes at most that would expand far past a cap,
 * run through the real processor of a tool that takes it: the tool refuses it
 * with its specific message, before or while inflating, and the input is
 * left as it was.
 */
import * as XLSX from '@e965/xlsx';
import { initializeCanvas, writePsdUint8Array } from 'ag-psd';
import { unzipSync } from 'fflate';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import type { ProcessorModule } from '../src/contract/processor';
import { readManifest } from '../src/manifests/read';
import { damagedMessage } from '../src/lib/image/limits';
import { layersTooLargeMessage } from '../src/lib/image/codecs/psd';
import { streamTooLargeMessage } from '../src/lib/pdf/messages';
import { MAX_STREAM_BYTES } from '../src/lib/pdf/stream-bytes';
import { zipBombMessage } from '../src/lib/zip';
import epubToPdf from '../src/processors/epub-to-pdf';
import extractText from '../src/processors/extract-text-from-pdf';
import rotatePdf from '../src/processors/rotate-pdf';
import excelToPdf from '../src/processors/excel-to-pdf';
import imageCompressor from '../src/processors/image-compressor';
import imageConvert from '../src/processors/image-convert';
import { createPdfCompressor } from '../src/processors/pdf-compressor';
import psdToAi from '../src/processors/psd-to-ai';
import splitExcel from '../src/processors/split-excel';
import wordToPdf from '../src/processors/word-to-pdf';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { deflatedEntry, rawZip, zeroDeflate, zeroZlib, type RawZipEntry } from './support/bombs';
import { crc32 } from 'node:zlib';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

/** Runs a processor on one file and returns its failure, checking the file's bytes were left as they were. */
async function refusal(processor: ProcessorModule, name: string, bytes: Uint8Array, values: Record<string, unknown> = {}): Promise<string> {
  const before = Buffer.from(bytes);
  let message = '';
  try {
    await processor.run([{ name, type: '', bytes }], processor.options.parse(values), ctx());
  } catch (error) {
    message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  expect(Buffer.compare(before, Buffer.from(bytes))).toBe(0);
  return message;
}

/** A tool's settings from its manifest (defaults and processorSettings), for processors shared by several tools. */
function toolValues(slug: string): Record<string, unknown> {
  const manifest = readManifest(slug);
  return { ...Object.fromEntries(manifest.options.map((o) => [o.name, o.default])), ...manifest.processorSettings };
}

const MIB = 1024 * 1024;

describe('PDF streams', () => {
  it('PDF Compressor refuses a page whose one Flate stream inflates past 256 MB', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const overCap = MAX_STREAM_BYTES / MIB + 44;
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(zeroZlib(overCap), { Filter: 'FlateDecode' })));
    const bytes = await doc.save({ useObjectStreams: false });
    expect(bytes.length).toBeLessThan(400_000);
    const compressor = createPdfCompressor(napiJpegCodec, null);
    expect(await refusal(compressor, 'bomb.pdf', bytes)).toBe(`ToolError: ${streamTooLargeMessage()}`);
  });

  /** A one-page PDF that also holds `bomb`: 300 MiB of zeros as one Flate stream, with the given dictionary. */
  async function withBomb(dict: Record<string, unknown>, onPage: boolean): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const bomb = doc.context.register(doc.context.stream(zeroZlib(300), { Filter: 'FlateDecode', ...dict }));
    if (onPage) page.node.set(PDFName.of('Contents'), bomb);
    return doc.save({ useObjectStreams: false });
  }

  it('Rotate PDF refuses a file whose object stream inflates past 256 MB, before pdf-lib parses it', async () => {
    const bytes = await withBomb({ Type: 'ObjStm', N: 1, First: 4 }, false);
    expect(await refusal(rotatePdf, 'objects.pdf', bytes, { angle: '90' })).toBe(`ToolError: ${streamTooLargeMessage()}`);
  });

  it('Extract Text from PDF refuses a page that inflates past 256 MB, before pdf.js opens it', async () => {
    const bytes = await withBomb({}, true);
    expect(await refusal(extractText, 'page.pdf', bytes)).toBe(`ToolError: ${streamTooLargeMessage()}`);
  });
});

/** The entries of a real archive, deflated again, with `extra` added. */
function withEntry(zip: Uint8Array, extra: RawZipEntry): Uint8Array {
  return rawZip([...Object.entries(unzipSync(zip)).map(([name, data]) => deflatedEntry(name, data)), extra]);
}

/** 300 MiB of zeros in about 300 KB, declaring 1000 bytes. */
const lyingEntry = (name: string): RawZipEntry => ({ name, stored: zeroDeflate(300), compression: 8, size: 1000 });

async function docx(): Promise<Uint8Array> {
  const { Document, Packer, Paragraph } = await import('docx');
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Hello')] }] })));
}

function xlsx(): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a', 'b'], [1, 2]]), 'Sheet1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('ZIP entries', () => {
  it('Word to PDF refuses an entry that inflates past the size it declares, and one that declares too much', async () => {
    const bomb = withEntry(await docx(), lyingEntry('word/media/image1.png'));
    expect(bomb.length).toBeLessThan(400_000);
    expect(await refusal(wordToPdf, 'bomb.docx', bomb)).toBe(`ToolError: ${zipBombMessage('bomb.docx')}`);
    const honest = withEntry(await docx(), { name: 'word/media/image1.png', stored: zeroDeflate(300), compression: 8, size: 300 * MIB });
    expect(await refusal(wordToPdf, 'big.docx', honest)).toMatch(/^ToolError: The file big\.docx expands to more than 200 MB/);
  });

  it('Excel to PDF refuses a workbook with an entry that inflates past the size it declares', async () => {
    const bomb = withEntry(xlsx(), lyingEntry('xl/media/image1.png'));
    expect(await refusal(excelToPdf, 'bomb.xlsx', bomb)).toBe(`ToolError: ${zipBombMessage('bomb.xlsx')}`);
    // Its own unzipper is never reached: a zero local size, which SheetJS would inflate without bound, changes nothing.
    const { stored } = lyingEntry('');
    const hidden = rawZip([...Object.entries(unzipSync(xlsx())).map(([name, data]) => deflatedEntry(name, data)), { name: 'xl/media/image2.png', stored, compression: 8, size: 0 }]);
    expect(await refusal(excelToPdf, 'hidden.xlsx', hidden)).toBe(`ToolError: ${zipBombMessage('hidden.xlsx')}`);
  });

  it('Split Excel by rows refuses a worksheet that inflates past the size it declares', async () => {
    const entries = Object.entries(unzipSync(xlsx())).map(([name, data]) => (name === 'xl/worksheets/sheet1.xml' ? lyingEntry(name) : deflatedEntry(name, data)));
    expect(await refusal(splitExcel, 'bomb.xlsx', rawZip(entries), { method: 'rows', rowsPerFile: 1 })).toBe(`ToolError: ${zipBombMessage('bomb.xlsx')}`);
  });

  it('EPUB to PDF refuses a book with an entry that inflates past the size it declares', async () => {
    const bomb = rawZip([{ name: 'mimetype', stored: new TextEncoder().encode('application/epub+zip'), compression: 0, size: 20 }, lyingEntry('OEBPS/cover.jpg')]);
    expect(await refusal(epubToPdf, 'bomb.epub', bomb)).toBe(`ToolError: ${zipBombMessage('bomb.epub')}`);
  });
});

function pngHeaderOnly(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(25);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, 13);
  ihdr.set(new TextEncoder().encode('IHDR'), 4);
  v.setUint32(8, width);
  v.setUint32(12, height);
  ihdr.set([8, 6, 0, 0, 0], 16);
  v.setUint32(21, crc32(ihdr.subarray(4, 21)));
  const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...iend]);
}

function jpegHeaderOnly(width: number, height: number): Uint8Array {
  // SOI, a baseline frame header of one component, EOI.
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0, 0xff, 0xd9]);
}

function webpHeaderOnly(width: number, height: number): Uint8Array {
  const b = new Uint8Array(30);
  b.set(new TextEncoder().encode('RIFF'));
  new DataView(b.buffer).setUint32(4, 22, true);
  b.set(new TextEncoder().encode('WEBPVP8X'), 8);
  new DataView(b.buffer).setUint32(16, 10, true);
  b.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16, (height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 24);
  return b;
}

/** A 4 x 4 GIF whose one frame claims 8000 x 8000 pixels, with LZW data for a single pixel. */
function gifWithHugeFrame(): Uint8Array {
  const screen = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 4, 0, 4, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  const frame = [0x2c, 0, 0, 0, 0, 8000 & 255, 8000 >> 8, 8000 & 255, 8000 >> 8, 0];
  // Minimum code size 2; codes clear (4), 0, end (5) in 3 bits each.
  const data = [2, 2, 0x44, 0x01, 0];
  return new Uint8Array([...screen, ...frame, ...data, 0x3b]);
}

/**
 * A TIFF whose first page claims 40000 x 40000 pixels (1 bit each, 16 bytes
 * of data), followed by a directory cut off by the end of the file: the
 * header reader gives up on it, while utif2 still reads the first page, and
 * would allocate 200 MB for its bits and then fail on 6.4 GB of RGBA.
 */
function tiffWithCutDirectory(): Uint8Array {
  const entries: [number, number, number][] = [[256, 4, 40000], [257, 4, 40000], [258, 3, 1], [259, 3, 1], [262, 3, 1], [273, 4, 0], [277, 3, 1], [278, 4, 40000], [279, 4, 16]];
  const dataAt = 8 + 2 + entries.length * 12 + 4;
  const next = dataAt + 16;
  const b = new Uint8Array(next + 2);
  const v = new DataView(b.buffer);
  b.set([0x49, 0x49, 42, 0]);
  v.setUint32(4, 8, true);
  v.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, 1, true);
    if (type === 3) v.setUint16(at + 8, value, true);
    else v.setUint32(at + 8, tag === 273 ? dataAt : value, true);
  });
  v.setUint32(10 + entries.length * 12, next, true);
  v.setUint16(next, 40, true);
  return b;
}

/** A 10 x 10 PSD whose one layer's record claims 20000 x 20000 pixels. */
function psdWithHugeLayer(): Uint8Array {
  initializeCanvas(() => {
    throw new Error('No canvas needed');
  }, (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData);
  const pixels = () => ({ width: 10, height: 10, data: new Uint8ClampedArray(400).fill(255) }) as unknown as ImageData;
  const bytes = writePsdUint8Array({ width: 10, height: 10, imageData: pixels(), children: [{ name: 'Layer', left: 0, top: 0, imageData: pixels() }] }, { generateThumbnail: false });
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Header (26), colour mode data and image resources (each a length and its bytes), then the
  // layer and mask section's length, the layer info's length and the layer count: the first record's rectangle.
  let at = 26;
  at += 4 + v.getUint32(at);
  at += 4 + v.getUint32(at);
  at += 4 + 4 + 2;
  v.setInt32(at + 8, 20000);
  v.setInt32(at + 12, 20000);
  return bytes;
}

describe('images claiming huge sizes', () => {
  it.each([
    ['huge.png', pngHeaderOnly(100000, 100000), '100000 x 100000'],
    ['huge.jpg', jpegHeaderOnly(60000, 60000), '60000 x 60000'],
    ['huge.webp', webpHeaderOnly(20000, 20000), '20000 x 20000'],
  ])('Image Compressor refuses %s from its header', async (name, bytes, size) => {
    expect(bytes.length).toBeLessThan(100);
    expect(await refusal(imageCompressor, name, bytes)).toMatch(new RegExp(`^ToolError: The image ${name.replace('.', '\\.')} is ${size} pixels .* more than can be converted`));
  });

  it('GIF to PNG refuses a GIF whose frame claims far more pixels than its screen', async () => {
    expect(await refusal(imageConvert, 'frame.gif', gifWithHugeFrame(), toolValues('gif-to-png'))).toBe(`ToolError: ${damagedMessage('frame.gif', 'gif')}`);
  });

  it('TIFF to PNG refuses a page past the limits even where the header reader gives up', async () => {
    expect(await refusal(imageConvert, 'cut.tiff', tiffWithCutDirectory(), toolValues('tiff-to-png'))).toMatch(/^ToolError: The image cut\.tiff is 40000 x 40000 pixels \(1600 megapixels\)/);
  });

  it('PSD to AI refuses layers claiming more pixels than the limit', async () => {
    expect(await refusal(psdToAi, 'layers.psd', psdWithHugeLayer())).toBe(`ToolError: ${layersTooLargeMessage('layers.psd')}`);
  });
});
