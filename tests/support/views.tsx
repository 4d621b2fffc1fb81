/**
 * Helpers for the view tests: the sortable list, real PDFs read back, real runs
 * in place of the worker, pointer drags over a stage jsdom cannot lay out, and
 * the set-up and tidy-up around each test in demo mode and with real files.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { setDemoMode } from '../../src/engine/demo/demo-mode';
import type { OptionValues } from '../../schemas/manifest';
import type { ProcessorModule } from '../../src/contract/processor';
import { runInPlace } from './components';
import type { FilesRun } from '../../src/core/run-files';
import type { ToolOutput } from '../../src/contract/types';

/** Names shown in the sortable list, in order. */
export function listedNames(listName: string | RegExp): string[] {
  const list = screen.getByRole('list', { name: listName });
  return [...list.querySelectorAll('.file-name')].map((e) => e.textContent ?? '');
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
  mockedRun: { mockImplementation(fn: (...args: never[]) => Promise<FilesRun>): unknown },
  processor: ProcessorModule,
): { seen: OptionValues[]; outputs: ToolOutput[] } {
  const seen: OptionValues[] = [];
  const outputs: ToolOutput[] = [];
  mockedRun.mockImplementation(
    runInPlace(
      () => processor,
      (run, options) => {
        seen.push(options as OptionValues);
        outputs.push(...run.outputs);
      },
    ) as never,
  );
  return { seen, outputs };
}

/** Gives an element the box a browser would lay it out in: `width` x `height` screen pixels at the origin. */
export function layOutAt<E extends Element>(element: E, width: number, height: number): E {
  element.getBoundingClientRect = () => ({ left: 0, top: 0, width, height, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) });
  return element;
}

/** A press with the main button at `from`, one move to `to` and the release there (client pixels). */
export function pointerDrag(target: Element, from: [number, number], to: [number, number]): void {
  fireEvent.pointerDown(target, { button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(target, { clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(target, { clientX: to[0], clientY: to[1] });
}

/**
 * A view's tests in demo mode: fake timers and the demo on for each test, and the page, toasts, timers and flag
 * put back after it. The page is unmounted first: leaving demo mode with it still open would start real previews.
 */
export function demoModeHooks(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });
}

/** A view's tests with real files: fake timers and the demo off, the given module mocks (preview, worker) reset before each test. */
export function realModeHooks(...mocks: unknown[]): void {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
    for (const mock of mocks) vi.mocked(mock as () => unknown).mockReset();
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
  });
}
