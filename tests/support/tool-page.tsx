/**
 * Shared steps for component tests of the generic tool page with the real
 * manifests, in demo mode under fake timers: render a tool, choose files,
 * run it, read results and toasts.
 */
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { expect, vi } from 'vitest';
import type { ToolManifest } from '../../schemas/manifest';
import { setDemoMode } from '../../src/engine/demo/demo-mode';
import { captureDownloads, choose, flush, manifestOf, renderWithShell } from './components';
import { ToolPage } from '../../src/engine/ToolPage';
import { useToolRun } from '../../src/engine/useToolRun';

export { captureDownloads, choose, flush, manifestOf };

/** Fake timers and demo mode on; call in beforeEach. */
export function startDemo(): void {
  vi.useFakeTimers();
  setDemoMode(true);
}

/** Undoes startDemo; call in afterEach. */
export function endDemo(): void {
  act(() => toast.remove());
  vi.restoreAllMocks();
  vi.useRealTimers();
  setDemoMode(false);
}

/** Renders the generic tool page with a tool's real manifest. */
export function renderTool(slug: string): ToolManifest {
  const manifest = manifestOf(slug);
  renderWithShell(<ToolPage manifest={manifest} />);
  return manifest;
}

/** A file of the given size; the bytes exist only when `real` is set, else the size is reported. */
export function fileOf(name: string, size: number, type = '', real = size <= 1 << 20): File {
  const file = new File([real ? new Uint8Array(size) : new Uint8Array(1)], name, { type });
  if (!real) Object.defineProperty(file, 'size', { value: size });
  return file;
}

export const MB = 1048576;

/** The action button, by its idle label. */
export function actionButton(manifest: ToolManifest): HTMLElement {
  return screen.getByRole('button', { name: manifest.action.label });
}

/** Presses the action button and lets the run start. */
export async function press(manifest: ToolManifest): Promise<void> {
  fireEvent.click(actionButton(manifest));
  await flush();
}

/** Submits the tool form directly, as pressing Enter would, even while the button is disabled. */
export async function submitForm(): Promise<void> {
  const form = document.querySelector('form.tool-work');
  if (!form) throw new Error('No tool form');
  fireEvent.submit(form);
  await flush();
}

export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export const resultNames = () => screen.queryAllByTestId('result-name').map((e) => e.textContent);
export const resultSizes = () => screen.queryAllByTestId('result-size').map((e) => e.textContent);

/** Asserts that no result is shown 1 ms before `delay` and that results are shown at `delay`. */
export async function expectResultsAtExactly(manifest: ToolManifest, delay: number): Promise<void> {
  expect(screen.getByRole('button', { name: new RegExp(escape(manifest.action.busyLabel)) })).toBeDisabled();
  await advance(delay - 1);
  expect(resultNames()).toEqual([]);
  expect(screen.getByRole('button', { name: new RegExp(escape(manifest.action.busyLabel)) })).toBeDisabled();
  await advance(1);
  expect(resultNames().length).toBeGreaterThan(0);
  expect(actionButton(manifest)).toBeEnabled();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The run state of a tool outside a page, with toasts rendered, for engine paths a page hides. */
export function renderRun(slug: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Theme>
      {children}
      <Toaster />
    </Theme>
  );
  return renderHook(() => useToolRun(manifestOf(slug)), { wrapper });
}
