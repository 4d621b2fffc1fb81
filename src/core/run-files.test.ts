import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { decode } from '../lib/image/decode';
import { encode } from '../lib/image/encode';
import { damagedPdfMessage, encryptedMessage } from '../lib/pdf/load';
import imageConvert from '../processors/image-convert';
import jpgToPdf from '../processors/jpg-to-pdf';
import mergePdf from '../processors/merge-pdf';
import { toolBySlug } from '../../tests/support/catalogue';
import { runFiles, type FileSource } from './run-files';
import { crashMessage, runsEachFile } from './run-shape';
import { checkOptions, defaultOptions } from '../contract/options';
import { defineProcessor } from '../contract/processor';
import { z } from 'zod';

function source(name: string, bytes: Uint8Array, type = ''): FileSource & { reads: number } {
  const s = {
    name,
    type,
    reads: 0,
    read: async () => {
      s.reads++;
      return bytes;
    },
  };
  return s;
}

async function solidImage(format: 'webp' | 'jpg', width: number, height: number, rgb: [number, number, number]): Promise<Uint8Array> {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return encode({ width, height, data }, format, { quality: 90 });
}

async function pdfWithPages(widths: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const w of widths) doc.addPage([w, 300]);
  return doc.save();
}

const ctx = (each: boolean) => ({ signal: new AbortController().signal, onProgress: vi.fn(), each });
const JUNK = new TextEncoder().encode('RIFF....WEBPthis is not an image at all');

describe('runFiles, one file at a time', () => {
  it('delivers the good files and lists the bad one with its own message (WebP to JPG)', async () => {
    const a = source('a.webp', await solidImage('webp', 30, 20, [200, 0, 0]));
    const bad = source('bad.webp', JUNK);
    const c = source('c.webp', await solidImage('webp', 12, 40, [0, 0, 200]));
    const run = ctx(true);
    const { outputs, failures } = await runFiles(imageConvert, [a, bad, c], { to: 'jpg', quality: 85 }, run);

    expect(outputs.map((o) => o.source)).toEqual([0, 2]);
    const sizes = await Promise.all(outputs.map(async (o) => (await decode('out.jpg', o.bytes)).frames[0]));
    expect(sizes.map((f) => [f.width, f.height])).toEqual([
      [30, 20],
      [12, 40],
    ]);
    expect(Array.from(sizes[0].data.slice(0, 3)).every((v, i) => Math.abs(v - [200, 0, 0][i]) < 20)).toBe(true);
    expect(failures).toHaveLength(1);
    expect(failures[0].name).toBe('bad.webp');
    expect(failures[0].message).toContain('bad.webp');
    expect(failures[0].message).not.toBe(crashMessage());
    // Progress ends at the whole run and never goes back.
    const reported = run.onProgress.mock.calls.map(([done, total]) => done / total);
    expect(reported.at(-1)).toBe(1);
    expect(reported).toEqual([...reported].sort((x, y) => x - y));
  });

  it('reads each file when its turn comes, and a crash on one file is listed with the generic message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const crashing = defineProcessor(z.object({}), async ([input]) => {
      if (input.name === 'b.txt') throw new TypeError('x is undefined');
      return [{ bytes: input.bytes, type: 'text/plain' }];
    });
    const files = ['a.txt', 'b.txt', 'c.txt'].map((n) => source(n, new TextEncoder().encode(n)));
    const { outputs, failures } = await runFiles(crashing, files, {}, ctx(true));
    expect(files.map((f) => f.reads)).toEqual([1, 1, 1]);
    expect(outputs.map((o) => new TextDecoder().decode(o.bytes))).toEqual(['a.txt', 'c.txt']);
    expect(failures).toEqual([{ name: 'b.txt', message: crashMessage() }]);
  });

  it('a single file that fails is the run that fails, with its own message', async () => {
    await expect(runFiles(imageConvert, [source('bad.webp', JUNK)], { to: 'jpg' }, ctx(true))).rejects.toMatchObject({
      name: 'ToolError',
      message: expect.stringContaining('bad.webp'),
    });
  });

  it('stops at cancel without listing the file as failed', async () => {
    const controller = new AbortController();
    const slow = defineProcessor(z.object({}), async (inputs) => {
      controller.abort();
      return [{ bytes: inputs[0].bytes, type: 'text/plain' }];
    });
    const files = ['a.txt', 'b.txt'].map((n) => source(n, new Uint8Array(1)));
    await expect(runFiles(slow, files, {}, { signal: controller.signal, onProgress: vi.fn(), each: true })).rejects.toMatchObject({ name: 'CancelledError' });
    expect(files[1].reads).toBe(0);
  });
});

describe('runFiles, files combined into one output', () => {
  it('merges the PDFs it can read and lists the damaged one', async () => {
    const files = [
      source('one.pdf', await pdfWithPages([100, 110])),
      source('cut.pdf', (await pdfWithPages([120])).slice(0, 40)),
      source('two.pdf', await pdfWithPages([130])),
    ];
    const { outputs, failures } = await runFiles(mergePdf, files, {}, ctx(false));
    const merged = await PDFDocument.load(outputs[0].bytes);
    expect(merged.getPages().map((p) => Math.round(p.getWidth()))).toEqual([100, 110, 130]);
    expect(outputs[0].meta).toMatchObject({ pageCount: 3, fileCount: 2 });
    expect(failures).toEqual([{ name: 'cut.pdf', message: damagedPdfMessage('cut.pdf', 'some of its objects are broken or of the wrong kind') }]);
  });

  it('fails with the bad file’s own message when too few files are left to merge', async () => {
    const encrypted = new Uint8Array(readFileSync(new URL('../../tests/fixtures/encrypted.pdf', import.meta.url)));
    const files = [source('a.pdf', await pdfWithPages([100])), source('locked.pdf', encrypted)];
    await expect(runFiles(mergePdf, files, {}, ctx(false))).rejects.toMatchObject({ message: encryptedMessage() });
  });

  it('puts one page per readable JPEG in the PDF and lists the one it could not read', async () => {
    const files = [source('a.jpg', await solidImage('jpg', 40, 30, [0, 128, 0])), source('b.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0x00])), source('c.jpg', await solidImage('jpg', 30, 40, [0, 0, 0]))];
    const { outputs, failures } = await runFiles(jpgToPdf, files, { pageSize: 'fit', orientation: 'auto', margin: 'none' }, ctx(false));
    const doc = await PDFDocument.load(outputs[0].bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(outputs[0].meta).toMatchObject({ pageCount: 2 });
    expect(failures.map((f) => f.name)).toEqual(['b.jpg']);
    expect(failures[0].message).toContain('b.jpg');
  });
});

describe('runsEachFile', () => {
  it('follows what the manifest says its files give', () => {
    expect(runsEachFile(toolBySlug('webp-to-jpg')!)).toBe(true);
    expect(runsEachFile(toolBySlug('image-compressor')!)).toBe(true);
    expect(runsEachFile(toolBySlug('merge-pdf')!)).toBe(false);
    expect(runsEachFile(toolBySlug('jpg-to-pdf')!)).toBe(false);
  });
});

describe('runFiles, options', () => {
  it("refuses a value the options form would refuse, with the form's message, before the processor runs", async () => {
    const manifest = toolBySlug('webp-to-jpg')!;
    const field = manifest.options.find((f) => f.type === 'slider')!;
    const run = vi.fn(async () => []);
    const processor = defineProcessor(z.object({}).passthrough(), run);
    const fields = { fields: manifest.options, facts: { fileCount: 1, totalBytes: 1 } };
    const tooHigh = { ...defaultOptions(manifest.options), [field.name]: 1000 };
    const form = checkOptions(manifest.options, tooHigh, fields.facts);
    expect(form.ok).toBe(false);
    const message = form.ok ? '' : form.message;
    await expect(runFiles(processor, [source('a.webp', JUNK)], tooHigh, { ...ctx(false), fields })).rejects.toMatchObject({ name: 'ToolError', message });
    expect(run).not.toHaveBeenCalled();
  });
});
