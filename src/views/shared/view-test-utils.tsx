/** Helpers for the PDF view tests: choosing files, a fake preview document, and download capture. */
import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import type { Processor, ToolOutput } from '../../engine/types';
import { toolBySlug } from '../../engine/catalogue';
import type { PreviewDocument } from '../../lib/pdf/preview';

/** The real manifest of a tool. */
export function manifestOf(slug: string): ToolManifest {
  const manifest = toolBySlug(slug);
  if (!manifest) throw new Error(`No manifest ${slug}`);
  return manifest;
}

/** Lets pending promises settle without moving the fake clock. */
export const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

export async function choose(files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
  });
  await flush();
  await flush();
}

/** A stand-in for a pdf.js document: pages of 600 x 800 points whose render resolves at once. */
export function fakePreview(pageCount: number): PreviewDocument & { rendered: number[] } {
  const rendered: number[] = [];
  const doc = {
    numPages: pageCount,
    getPage: async (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: () => {
        rendered.push(n);
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
    }),
  };
  return { doc: doc as never, pageCount, close: async () => undefined, rendered };
}

/** Captures downloads (file names) instead of letting jsdom try to navigate. */
export function captureDownloads(): string[] {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** Names shown in the sortable list, in order. */
export function listedNames(listName: string | RegExp): string[] {
  const list = screen.getByRole('list', { name: listName });
  return [...list.querySelectorAll('.file-name')].map((e) => e.textContent ?? '');
}

// jsdom has no ResizeObserver; Radix radio groups measure themselves with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** A real PDF whose pages have the given widths (points), so page order can be read back. */
export async function realPdf(name: string, widths: number[]): Promise<File> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (const width of widths) doc.addPage([width, 400]);
  return new File([(await doc.save()) as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
}

/** Page widths and /Rotate angles of a PDF, in page order. */
export async function readPages(bytes: Uint8Array): Promise<{ width: number; rotation: number }[]> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => ({ width: Math.round(p.getMediaBox().width), rotation: p.getRotation().angle }));
}

/**
 * Makes the mocked worker bridge run `processor` in the test itself, so a view's real run produces a real
 * file; returns the options each run received and the outputs it produced.
 */
export function runProcessorInPlace(
  mockedRun: { mockImplementation(fn: (...args: never[]) => Promise<ToolOutput[]>): unknown },
  processor: Processor,
): { seen: OptionValues[]; outputs: ToolOutput[] } {
  const seen: OptionValues[] = [];
  const outputs: ToolOutput[] = [];
  mockedRun.mockImplementation((async (_name: string, files: File[], options: OptionValues, signal: AbortSignal, onProgress: (d: number, t: number) => void) => {
    seen.push(options);
    const inputs = await Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(await f.arrayBuffer()) })));
    outputs.push(...(await processor(inputs, options, { signal, onProgress })));
    return outputs;
  }) as never);
  return { seen, outputs };
}
