/**
 * Cancel reaches a real run: the processors are called as the worker calls
 * them (the manifest's default values parsed with the processor's schema, an
 * AbortSignal in the context), the signal is aborted as soon as the first
 * unit of work is reported done, and the run must reject with CancelledError
 * without doing the rest of the work.
 */
import './setup/offscreen-canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorModule } from '../src/contract/processor';
import type { ProcessorContext, ToolInput } from '../src/contract/types';
import { toolBySlug } from './support/catalogue';
import { CancelledError } from '../src/lib/errors';
import mergePdf from '../src/processors/merge-pdf';
import pdfToJpg from '../src/processors/pdf-to-jpg';
import { filledDefaults } from './support/filled-defaults';

async function drawnPdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 0; n < pageCount; n++) doc.addPage([300, 300]).drawRectangle({ x: 20, y: 20, width: 100 + n * 10, height: 100, color: rgb(0, 0, 0) });
  return doc.save();
}

/** A context whose signal is aborted once the first unit of work is reported done; it records every report. */
function cancelAfterFirst(): { ctx: ProcessorContext; progress: [number, number][] } {
  const controller = new AbortController();
  const progress: [number, number][] = [];
  const ctx = {
    signal: controller.signal,
    onProgress(done: number, total: number) {
      progress.push([done, total]);
      if (done >= 1) controller.abort();
    },
  };
  return { ctx, progress };
}

/** Runs a processor as the worker does, with the default values of the manifest that names it. */
function runAsWorker(processor: ProcessorModule, slug: string, inputs: ToolInput[], ctx: ProcessorContext) {
  const tool = toolBySlug(slug)!;
  return processor.run(inputs, processor.options.parse({ ...filledDefaults(tool), ...tool.processorSettings }), ctx);
}

describe('cancelling a long run', () => {
  it('stops PDF to JPG after the page it is drawing, without rendering the rest', async () => {
    const input = { name: 'long.pdf', type: 'application/pdf', bytes: await drawnPdf(8) };
    const { ctx, progress } = cancelAfterFirst();
    await expect(runAsWorker(pdfToJpg, 'pdf-to-jpg', [input], ctx)).rejects.toBeInstanceOf(CancelledError);
    expect(progress).toEqual([
      [0, 8],
      [1, 8],
    ]);
  });

  it('stops Merge PDF after the file it is copying, without reading the rest', async () => {
    const bytes = await drawnPdf(2);
    const inputs = Array.from({ length: 5 }, (_, i) => ({ name: `part-${i + 1}.pdf`, type: 'application/pdf', bytes }));
    const { ctx, progress } = cancelAfterFirst();
    await expect(runAsWorker(mergePdf, 'merge-pdf', inputs, ctx)).rejects.toBeInstanceOf(CancelledError);
    expect(progress).toEqual([
      [0, 5],
      [1, 5],
    ]);
  });
});
