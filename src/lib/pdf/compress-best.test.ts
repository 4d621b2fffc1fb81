/**
 * Ghostscript is not run on files it cannot make smaller: pdfwrite's output
 * never goes below GHOSTSCRIPT_FLOOR, so a file that small keeps the pdf-lib
 * result or itself, and the engine's time is saved.
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { napiJpegCodec } from '../../../tests/fixtures/pdf-build/napi-codec';
import { imageHeavyPdf } from '../../../tests/fixtures/pdf-build/build';
import { attempt, GHOSTSCRIPT_FLOOR, type Engines } from './compress-best';
import { compressWithGhostscript } from './compress-gs';
import { LEVELS } from './compress';

const ctx = { signal: new AbortController().signal, onProgress: () => undefined };

async function emptyPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([10, 10]);
  return doc.save();
}

describe('Ghostscript below its floor', () => {
  it('writes more than GHOSTSCRIPT_FLOOR bytes even for an empty page', async () => {
    const out = await compressWithGhostscript(await emptyPage(), LEVELS.medium);
    expect(out.byteLength).toBeGreaterThan(GHOSTSCRIPT_FLOOR);
  });

  it('is skipped for a file at most that size, and run for a larger one', async () => {
    const ghostscript = vi.fn(compressWithGhostscript);
    const engines: Engines = { codec: napiJpegCodec, ghostscript, loadGhostscript: async () => undefined };
    const small = await emptyPage();
    expect(small.byteLength).toBeLessThanOrEqual(GHOSTSCRIPT_FLOOR);
    const skipped = await attempt(small, 'small.pdf', LEVELS.medium, engines, ctx, 0, 1000);
    expect(ghostscript).not.toHaveBeenCalled();
    expect(skipped.candidates.every((c) => c.engine !== 'ghostscript')).toBe(true);
    const large = await imageHeavyPdf({ imageWidth: 400, imageHeight: 300, drawWidth: 200, seed: 3 });
    const ran = await attempt(large, 'large.pdf', LEVELS.medium, engines, ctx, 0, 1000);
    expect(ghostscript).toHaveBeenCalledTimes(1);
    expect(ran.candidates.some((c) => c.engine === 'ghostscript')).toBe(true);
  });

  it('still runs for a small file with scripts, whose result may be larger than the input', async () => {
    const ghostscript = vi.fn(compressWithGhostscript);
    const engines: Engines = { codec: napiJpegCodec, ghostscript, loadGhostscript: async () => undefined };
    const doc = await PDFDocument.create();
    doc.addPage([10, 10]);
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const scripted = await doc.save();
    expect(scripted.byteLength).toBeLessThanOrEqual(GHOSTSCRIPT_FLOOR);
    const result = await attempt(scripted, 'scripted.pdf', LEVELS.medium, engines, ctx, 0, 1000);
    expect(result.active).toBe(true);
    expect(ghostscript).toHaveBeenCalledTimes(1);
  });
});
