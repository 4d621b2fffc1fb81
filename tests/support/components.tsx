/** Helpers for component tests of tool pages and views: rendering, choosing files, a fake preview document, downloads. */
import { Theme } from '@radix-ui/themes';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { vi } from 'vitest';
import { manifestSchema, type ManifestInput, type ToolManifest } from '../../schemas/manifest';
import type { PreviewDocument } from '../../src/lib/pdf/preview';
import { toolBySlug } from './catalogue';
import type { ProcessorModule } from '../../src/contract/processor';
import { runFiles, type FilesRun } from '../../src/core/run-files';
import type { FieldsCheck } from '../../src/contract/run-options';

export function renderWithShell(ui: ReactElement) {
  return render(
    <Theme>
      {ui}
      <Toaster />
    </Theme>,
  );
}

/** A valid manifest for tests, with overrides. */
export function testManifest(overrides: Partial<ManifestInput> = {}): ToolManifest {
  return manifestSchema.parse({
    slug: 'test-tool',
    category: 'pdf',
    order: 1,
    title: 'Test Tool',
    description: 'A tool for tests.',
    icon: 'FileDown',
    features: ['a', 'b', 'c', 'd'],
    howTo: ['Upload', 'Run', 'Download'],
    accept: { 'application/pdf': ['.pdf'] },
    produces: { 'application/pdf': ['.pdf'] },
    limits: { maxFiles: 1, maxBytes: 1024 },
    action: { label: 'Run Tool', busyLabel: 'Running...' },
    output: { name: 'out-{name}' },
    messages: { noFile: 'Please upload a file.', downloadFirst: 'Please run first.', success: 'Done!' },
    simulation: { delayMs: 2000, sizeFactor: 0.5, success: 'Done! (Mock)' },
    ...overrides,
  });
}

/** The toasts currently shown, as "Title: message" strings. */
export function toastTexts(): string[] {
  return screen.queryAllByTestId('toast').map((t) => {
    const title = t.querySelector('.toast-title')?.textContent ?? '';
    const message = t.querySelector('.toast-message')?.textContent ?? '';
    return `${title}: ${message}`;
  });
}

export function pdfFile(name: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf' });
}

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

// jsdom has no ResizeObserver; Radix radio groups measure themselves with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export { within };

/**
 * What the worker bridge does, in this process (jsdom has no worker): the real file runner over the
 * processor `pick` gives for a name. `onRun` sees each run's outputs and failures.
 */
export function runInPlace(pick: (name: string) => ProcessorModule | Promise<ProcessorModule>, onRun?: (run: FilesRun, options: unknown) => void) {
  return async (
    name: string,
    files: File[],
    options: unknown,
    signal: AbortSignal,
    onProgress: (done: number, total: number) => void,
    each = false,
    fields?: FieldsCheck,
  ) => {
    const sources = files.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
    const run = await runFiles(await pick(name), sources, options, { signal, onProgress, each, fields });
    onRun?.(run, options);
    return run;
  };
}
