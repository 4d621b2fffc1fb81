/** Shared pieces of the image tool page tests: real manifests, files, running the demo, reading result cards. */
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { vi } from 'vitest';
import type { ToolManifest } from '../../schemas/manifest';
import { allTools } from './catalogue';
import { setDemoMode } from '../../src/engine/demo/demo-mode';
import { flush, manifestOf, renderWithShell } from './components';
import { ToolPage } from '../../src/engine/ToolPage';
import { useToolRun } from '../../src/engine/useToolRun';

export { choose, flush, manifestOf } from './components';

/** Image tools someone else owns (bespoke text-only pages). */
export const NOT_OURS = new Set(['chart-maker', 'ai-image-generator']);

/** Every image tool whose page these tests cover. */
export const imageTools: ToolManifest[] = allTools.filter((t) => t.category === 'image' && !NOT_OURS.has(t.slug));

const MIME: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', svg: 'image/svg+xml',
  heic: 'image/heic', heif: 'image/heif', tiff: 'image/tiff', tif: 'image/tiff', psd: 'image/vnd.adobe.photoshop',
  eps: 'application/postscript', txt: 'text/plain',
};

/** A file of `size` bytes whose type follows its extension. */
export function file(name: string, size = 1000): File {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return new File([new Uint8Array(size)], name, { type: MIME[ext] ?? '' });
}

/** A file that reports `size` bytes without holding them, for size-limit checks of large limits. */
export function bigFile(name: string, size: number): File {
  const f = file(name, 1);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** A file of the tool's first accepted extension. */
export function sampleName(tool: ToolManifest, base = 'photo'): string {
  return `${base}${Object.values(tool.accept)[0][0]}`;
}

/** Fake timers, demo mode on, and everything put back afterwards. */
export function demoSetup() {
  return {
    before() {
      vi.useFakeTimers();
      setDemoMode(true);
    },
    after() {
      act(() => toast.remove());
      vi.useRealTimers();
      setDemoMode(false);
      vi.restoreAllMocks();
    },
  };
}

export function renderTool(slug: string): ToolManifest {
  const manifest = manifestOf(slug);
  renderWithShell(<ToolPage manifest={manifest} />);
  return manifest;
}

export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Presses the tool's action button. */
export async function clickRun(manifest: ToolManifest) {
  fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
  await flush();
}

/** Submits the tool form directly: reaches the engine's checks even while the button is disabled. */
export async function submitForm() {
  fireEvent.submit(document.querySelector('form.tool-work')!);
  await flush();
}

/** Runs and checks the result appears at exactly `delay` ms, not 10 ms before. */
export async function runExpectingDelay(manifest: ToolManifest, delay: number) {
  await clickRun(manifest);
  await advance(delay - 10);
  if (screen.queryByTestId('result-name')) throw new Error(`result before ${delay} ms`);
  await advance(10);
}

export const resultNames = () => screen.queryAllByTestId('result-name').map((e) => e.textContent);
export const resultSizes = () => screen.queryAllByTestId('result-size').map((e) => e.textContent);

/** The facts of each result card as "Label: value" strings. */
export function resultFacts(): string[][] {
  return [...document.querySelectorAll('.result-meta')].map((dl) =>
    [...dl.querySelectorAll('div')].map((d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`),
  );
}

/** A page that only holds the run state, to press Download before any result exists. */
export function DownloadFirst({ manifest }: { manifest: ToolManifest }) {
  const run = useToolRun(manifest);
  return (
    <button type="button" onClick={() => run.download()}>
      Download
    </button>
  );
}
