import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import gifToPdfProcessor from './gif-to-pdf';
import { asWorkerCalls, type RawRun } from '../../tests/support/run-processor';
import { renderPage } from '../../tests/fixtures/pdf-build/render';

const run = asWorkerCalls(gifToPdfProcessor);
/** A run with the manifest's defaults unless the test sets a value. */
const gifToPdf: RawRun = (inputs, raw, context) => run(inputs, { pageSize: 'a4', orientation: 'auto', margin: 'none', frames: 'first', ...raw }, context);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/pdf-build/${name}`, import.meta.url)));
const file = (name: string, bytes: Uint8Array) => ({ name, type: 'image/gif', bytes });

describe('gif-to-pdf', () => {
  it('makes one page from the first frame by default', async () => {
    const [out] = await gifToPdf([file('anim.gif', fixture('two-frames.gif'))], { pageSize: 'fit' }, ctx);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 30, height: 15 });
    const [r, , b] = (await renderPage(out.bytes, 0, 2)).at(0.5, 0.5);
    expect(r > 200 && b < 50).toBe(true);
  });

  it('makes a page per frame when asked, in frame order', async () => {
    const [out] = await gifToPdf([file('anim.gif', fixture('two-frames.gif'))], { frames: 'all' }, ctx);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 841.89, height: 595.28 });
    const second = (await renderPage(out.bytes, 1, 1)).at(0.5, 0.5);
    expect(second[2] > 200 && second[0] < 50).toBe(true);
  });

  it('keeps transparent pixels transparent', async () => {
    const [out] = await gifToPdf([file('alpha.gif', fixture('alpha.gif'))], { pageSize: 'fit' }, ctx);
    const page = await renderPage(out.bytes, 0, 2);
    const left = page.at(0.2, 0.5);
    expect(left[1] > 200 && left[0] < 50).toBe(true);
    expect(page.at(0.8, 0.5).slice(0, 3)).toEqual([255, 255, 255]);
  });

  it('refuses non-GIF, damaged and oversized GIFs with specific messages', async () => {
    await expect(gifToPdf([file('x.gif', new TextEncoder().encode('not a gif at all'))], {}, ctx)).rejects.toThrow('The file x.gif is not a GIF image. Please choose a GIF file.');
    const huge = fixture('two-frames.gif').slice();
    huge[6] = 0xff; huge[7] = 0xff; huge[8] = 0xff; huge[9] = 0xff;
    await expect(gifToPdf([file('big.gif', huge)], {}, ctx)).rejects.toThrow(/65535 x 65535/);
    const cut = fixture('two-frames.gif').slice(0, 20);
    await expect(gifToPdf([file('cut.gif', cut)], {}, ctx)).rejects.toMatchObject({ name: 'ToolError', message: expect.stringContaining('cut.gif') });
  });
});
