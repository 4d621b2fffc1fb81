import { decodePDFRawStream, PDFArray, PDFContentStream, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { zeroZlib } from '../../../tests/support/bombs';
import { ToolError } from '../errors';
import { streamTooLargeMessage } from './messages';
import { decodedStreamBytes, MAX_STREAM_BYTES } from './stream-bytes';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('decodedStreamBytes', () => {
  it('decodes Flate, chains of filters and pdf-lib streams as pdf-lib does', async () => {
    const doc = await PDFDocument.create();
    const content = 'BT /F1 12 Tf 72 712 Td (Hello) Tj ET\n'.repeat(200);
    const flate = doc.context.flateStream(content);
    expect(text(decodedStreamBytes(flate))).toBe(content);
    expect(decodedStreamBytes(flate)).toEqual(decodePDFRawStream(flate).decode());
    // ASCIIHex over Flate, undone in order.
    const hex = Buffer.from(flate.contents).toString('hex').toUpperCase() + '>';
    const chained = doc.context.stream(hex, { Filter: ['ASCIIHexDecode', 'FlateDecode'] });
    expect(text(decodedStreamBytes(chained))).toBe(content);
    // RunLength: 255 repeats the next byte 2 times, 1 copies 2 bytes, 128 ends.
    const runs = doc.context.stream(new Uint8Array([255, 0x41, 1, 0x42, 0x43, 128]), { Filter: 'RunLengthDecode' });
    expect(text(decodedStreamBytes(runs))).toBe('AABC');
    const plain = doc.context.stream('q Q', {});
    expect(text(decodedStreamBytes(plain))).toBe('q Q');
    // A stream pdf-lib made, read from what it holds before encoding.
    const page = doc.addPage();
    page.drawRectangle({ x: 1, y: 1, width: 5, height: 5 });
    const made = doc.context.lookup((page.node.Contents() as PDFArray).get(0) as PDFRef);
    expect(made).toBeInstanceOf(PDFContentStream);
    expect(text(decodedStreamBytes(made as PDFContentStream))).toContain('0 0 0 rg');
  });

  it('refuses a Flate stream that would pass the cap, long before inflating it all', async () => {
    expect(streamTooLargeMessage()).toContain(`${MAX_STREAM_BYTES / 1024 / 1024} MB`);
    const ctx = (await PDFDocument.create()).context;
    // 1 GiB of zeros in about 1 MB: inflated whole it would take a gigabyte and seconds.
    const bomb = PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }), zeroZlib(1024));
    expect(bomb.contents.length).toBeLessThan(1_200_000);
    let caught: unknown;
    try {
      decodedStreamBytes(bomb, 8 * 1024 * 1024);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolError);
    expect((caught as Error).message).toBe(streamTooLargeMessage());
    // Within its limit the same kind of stream decodes whole.
    const small = PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }), zeroZlib(2));
    expect(decodedStreamBytes(small, 8 * 1024 * 1024).length).toBe(2 * 1024 * 1024);
    // So do the other filters, and a stream with no filter.
    const runs = PDFRawStream.of(ctx.obj({ Filter: 'RunLengthDecode' }), new Uint8Array(2000).fill(129));
    expect(() => decodedStreamBytes(runs, 1000)).toThrow(streamTooLargeMessage());
    expect(() => decodedStreamBytes(PDFRawStream.of(ctx.obj({}), new Uint8Array(2000)), 1000)).toThrow(streamTooLargeMessage());
  });

  it('throws an ordinary error for damaged data and image filters it does not decode', async () => {
    const doc = await PDFDocument.create();
    const broken = doc.context.stream(new Uint8Array([0x78, 0x9c, 0xff, 0xff, 0xff]), { Filter: PDFName.of('FlateDecode') });
    expect(() => decodedStreamBytes(broken)).toThrow();
    expect(() => decodedStreamBytes(broken)).not.toThrow(ToolError);
    const jpeg = doc.context.stream(new Uint8Array([0xff, 0xd8]), { Filter: 'DCTDecode' });
    expect(() => decodedStreamBytes(jpeg)).not.toThrow(ToolError);
    expect(() => decodedStreamBytes(jpeg)).toThrow();
  });
});
