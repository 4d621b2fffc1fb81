/**
 * The compressor's two engines (pdf-lib and Ghostscript WebAssembly, run in
 * Node from node_modules as in the worker), the checks that decide between
 * them, and the target-size search. Outputs are read back with pdf-lib and
 * pdf.js.
 */
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { readManifest } from '../manifests/read';
import { optionsSchema } from '../contract/options';
import type { ProcessorContext } from '../contract/types';
import { compressWithGhostscript, qFactor } from '../lib/pdf/compress-gs';
import { createPdfCompressor, keptNotice, unreachableNotice } from './pdf-compressor';
import { napiJpegCodec } from '../../tests/fixtures/pdf-build/napi-codec';
import { imageHeavyPdf, tinyTextPdf } from '../../tests/fixtures/pdf-build/build';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';

type Compressor = ReturnType<typeof createPdfCompressor>;
const both = createPdfCompressor(napiJpegCodec);
const pdfLibOnly = createPdfCompressor(napiJpegCodec, null);
const ctx: ProcessorContext = { signal: new AbortController().signal, onProgress: () => {} };
const pdf = (bytes: Uint8Array, name = 'report.pdf') => [{ name, type: 'application/pdf', bytes }];
const run = async (compressor: Compressor, bytes: Uint8Array, values: Record<string, unknown>, context = ctx) =>
  (await compressor.run(pdf(bytes), compressor.options.parse(values), context))[0];

function links(doc: PDFDocument): string[] {
  return doc.getPages().flatMap((page) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return [];
    return annots.asArray().map((ref) => {
      const annot = doc.context.lookup(ref) as PDFDict;
      const action = annot.lookup(PDFName.of('A'));
      return `${annot.get(PDFName.of('Subtype'))} ${action instanceof PDFDict ? action.lookup(PDFName.of('URI'))?.toString() : ''}`;
    });
  });
}

function outlineTitles(doc: PDFDocument): string[] {
  const root = doc.catalog.lookup(PDFName.of('Outlines'));
  if (!(root instanceof PDFDict)) return [];
  const titles: string[] = [];
  let item = root.lookup(PDFName.of('First'));
  while (item instanceof PDFDict) {
    const title = item.lookup(PDFName.of('Title'));
    titles.push(title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : '');
    item = item.lookup(PDFName.of('Next'));
  }
  return titles;
}

/** Many pages of varied text in an embedded standard font: a size no image setting can shrink. */
async function longTextPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  let state = 3;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 60; line++) {
      let text = '';
      for (let c = 0; c < 80; c++) {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        text += String.fromCharCode(97 + (state % 26));
      }
      page.drawText(text, { x: 20, y: 820 - line * 13, size: 9, font });
    }
  }
  return doc.save();
}

describe('pdf-compressor with two engines', () => {
  it('maps JPEG quality to Ghostscript QFactor as IJG scales its tables', () => {
    expect(qFactor(0.5)).toBe(1);
    expect(qFactor(0.7)).toBeCloseTo(0.6);
    expect(qFactor(0.85)).toBeCloseTo(0.3);
    expect(qFactor(0.25)).toBe(2);
  });

  it('makes an image-heavy PDF smaller than the pdf-lib path alone, keeping pages, text, links and bookmarks', async () => {
    const input = await imageHeavyPdf({ pages: 3, imageWidth: 2000, imageHeight: 1500, drawWidth: 300 });
    const before = input.slice();
    const alone = await run(pdfLibOnly, input, { level: 'medium' });
    const out = await run(both, input, { level: 'medium' });
    expect(Buffer.compare(input, before)).toBe(0);
    expect(out.bytes.length).toBeLessThan(alone.bytes.length);
    expect(out.meta).toMatchObject({ engine: 'Ghostscript', kept: 0, originalSize: input.length, compressedSize: out.bytes.length });

    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(3);
    expect(await pdfPageTexts(out.bytes)).toEqual(await pdfPageTexts(input));
    expect(links(doc)).toEqual(Array(3).fill('/Link (https://example.com/)'));
    expect(outlineTitles(doc)).toEqual(['Start']);
  }, 120_000);

  it('falls back to the pdf-lib result when Ghostscript drops the bookmarks', async () => {
    const input = await imageHeavyPdf({ pages: 1, imageWidth: 1600, imageHeight: 1200, drawWidth: 300 });
    const dropsOutline = createPdfCompressor(napiJpegCodec, async (bytes, settings) => {
      const doc = await PDFDocument.load(await compressWithGhostscript(bytes, settings));
      doc.catalog.delete(PDFName.of('Outlines'));
      return doc.save();
    });
    const out = await run(dropsOutline, input, { level: 'medium' });
    expect(out.meta?.engine).toBe('pdf-lib');
    expect(outlineTitles(await PDFDocument.load(out.bytes))).toEqual(['Start']);
    expect(out.bytes.length).toBeLessThan(input.length);
  }, 120_000);

  it('keeps the pdf-lib result, silently, when Ghostscript cannot load or fails', async () => {
    const input = await imageHeavyPdf({ pages: 1, imageWidth: 1600, imageHeight: 1200, drawWidth: 300 });
    const alone = await run(pdfLibOnly, input, { level: 'high' });
    const offline = createPdfCompressor(napiJpegCodec, compressWithGhostscript, async () => {
      throw new Error('Could not load Ghostscript (404).');
    });
    const failing = createPdfCompressor(napiJpegCodec, async () => {
      throw new Error('Ghostscript failed (-100)');
    });
    for (const compressor of [offline, failing]) {
      const out = await run(compressor, input, { level: 'high' });
      expect(Buffer.compare(out.bytes, alone.bytes)).toBe(0);
      expect(out.meta?.engine).toBe('pdf-lib');
      expect(out.notice).toBeUndefined();
    }
  }, 120_000);

  it('hands back a small text PDF unchanged when neither engine makes it smaller', async () => {
    const input = await tinyTextPdf();
    const out = await run(both, input, { level: 'high' });
    expect(Buffer.compare(out.bytes, input)).toBe(0);
    expect(out.meta).toMatchObject({ kept: 1, engine: 'None (original kept)', compressionRatio: 0 });
    expect(out.notice).toBe(keptNotice());
  }, 60_000);

  it('strips scripts from the Ghostscript output too', async () => {
    const input = await imageHeavyPdf({ pages: 1, imageWidth: 1600, imageHeight: 1200, drawWidth: 300 });
    const doc = await PDFDocument.load(input);
    const js = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
    doc.catalog.set(PDFName.of('OpenAction'), js);
    doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: js }));
    const scripted = await doc.save({ useObjectStreams: false });
    const gsOnly = await compressWithGhostscript(scripted, { dpi: 150, quality: 0.7 });
    expect(new TextDecoder('latin1').decode(gsOnly)).not.toContain('/JavaScript');
    const reloaded = await PDFDocument.load(gsOnly);
    expect(reloaded.catalog.has(PDFName.of('OpenAction'))).toBe(false);
    expect(reloaded.getPage(0).node.has(PDFName.of('AA'))).toBe(false);
  }, 120_000);

  it('reaches a reachable target size with the best quality that fits', async () => {
    const input = await imageHeavyPdf({ pages: 2, imageWidth: 2400, imageHeight: 1800, drawWidth: 500 });
    const target = 0.25;
    const progress: [number, number][] = [];
    const out = await run(both, input, { targetSize: true, targetMb: target }, {
      ...ctx,
      onProgress: (done, total) => {
        progress.push([done, total]);
      },
    });
    // One scale over every probe of the search: never past the end, finishing at the end.
    expect(progress.every(([done, total]) => total === 1000 && done >= 0 && done <= 1000)).toBe(true);
    expect(progress.at(-1)).toEqual([1000, 1000]);
    expect(out.bytes.length).toBeLessThanOrEqual(target * 1048576);
    // The best fit, not merely any fit: a much smaller file would mean a needlessly low quality.
    expect(out.bytes.length).toBeGreaterThan(target * 1048576 * 0.3);
    expect(out.notice).toBeUndefined();
    expect(out.meta?.kept).toBe(0);
    expect((await PDFDocument.load(out.bytes)).getPageCount()).toBe(2);
    expect(await pdfPageTexts(out.bytes)).toEqual(await pdfPageTexts(input));
  }, 300_000);

  it('keeps the smallest result and warns, naming its size, when the target cannot be reached', async () => {
    const input = await longTextPdf(40);
    const out = await run(both, input, { targetSize: true, targetMb: 0.05 });
    expect(out.bytes.length).toBeGreaterThan(0.05 * 1048576);
    expect(out.noticeTone).toBe('warning');
    expect(out.notice).toBe(unreachableNotice(0.05 * 1048576, out.bytes.length));
    expect(out.notice).toMatch(/^This PDF cannot be made as small as 51\.2 KB without turning its text into pictures\. The smallest file that keeps the text is \d+(\.\d+)? KB\.$/);
    expect(await pdfPageTexts(out.bytes)).toEqual(await pdfPageTexts(input));
  }, 300_000);

  it('asks for a target size in the range the form accepts', () => {
    const fields = readManifest('pdf-compressor').options;
    const facts = { fileCount: 1, totalBytes: 1048576 };
    const check = (targetMb: number) => optionsSchema(fields, { level: 'medium', targetSize: true, targetMb }, facts).safeParse({ level: 'medium', targetSize: true, targetMb });
    expect(check(1).success).toBe(true);
    for (const bad of [0, 0.01, 25]) {
      const result = check(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('Please enter a target size from 0.05 to 20 MB.');
    }
    // Hidden while the level is used, so it never blocks an ordinary run.
    expect(optionsSchema(fields, { level: 'medium', targetSize: false, targetMb: 0 }, facts).safeParse({ level: 'medium', targetSize: false, targetMb: 0 }).success).toBe(true);
  });
});
