// @vitest-environment jsdom
/** A run where some files fail: the page keeps the others' results, lists each failed file and warns. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encode } from '../lib/image/encode';
import { setDemoMode } from './demo/demo-mode';
import { noneProcessedMessage, partlyProcessedMessage } from './notify';
import { manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import { ToolPage } from './ToolPage';
import '../../tests/setup/offscreen-canvas';

vi.mock('./worker/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./worker/bridge')>();
  const { loadProcessor } = await import('../core/processor-modules');
  const { runInPlace } = await import('../../tests/support/components');
  return { ...actual, runInWorker: runInPlace(loadProcessor) };
});

async function webp(name: string, width: number, height: number): Promise<File> {
  const data = new Uint8ClampedArray(width * height * 4).fill(180);
  const bytes = await encode({ width, height, data }, 'webp', { quality: 80 });
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/webp' });
}
const junk = (name: string) => new File([new TextEncoder().encode('RIFF0000WEBPVP8 not really')], name, { type: 'image/webp' });

async function runAndWait(files: File[]) {
  const manifest = manifestOf('webp-to-jpg');
  renderWithShell(<ToolPage manifest={manifest} />);
  // Real timers: the codecs run for real in this process.
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
  });
  await act(async () => screen.getByRole('button', { name: manifest.action.label }).click());
  await waitFor(() => expect(screen.queryByRole('button', { name: manifest.action.busyLabel })).toBeNull(), { timeout: 30000 });
}

describe('a run where some files fail', () => {
  beforeEach(() => {
    setDemoMode(false);
  });
  afterEach(() => {
    act(() => toast.remove());
  });

  it('delivers the good files, lists the bad one with its message and ends with a Warning', async () => {
    await runAndWait([await webp('a.webp', 20, 10), junk('broken.webp'), await webp('c.webp', 8, 8)]);
    expect(screen.getAllByTestId('result-name').map((e) => e.textContent)).toEqual(['a.jpg', 'c.jpg']);
    const failed = screen.getAllByTestId('failed-file');
    expect(failed).toHaveLength(1);
    expect(within(failed[0]).getByText('broken.webp')).toBeInTheDocument();
    expect(failed[0].textContent).toMatch(/broken\.webp.*(damaged|not)/);
    expect(screen.getByRole('heading', { name: 'Not processed (1)' })).toBeInTheDocument();
    expect(toastTexts()).toContain(`Warning: ${partlyProcessedMessage(1, 3)}`);
    expect(partlyProcessedMessage(1, 3)).toBe('1 of 3 files could not be processed. The other results are ready; each file that failed is listed with the reason.');
    expect(toastTexts().some((t) => t.startsWith('Success'))).toBe(false);
    expect(toastTexts().some((t) => t.startsWith('Error'))).toBe(false);
  });

  it('when every file fails, says so as an Error and lists each one', async () => {
    await runAndWait([junk('x.webp'), junk('y.webp')]);
    expect(screen.queryAllByTestId('result-name')).toHaveLength(0);
    expect(screen.getAllByTestId('failed-file').map((e) => within(e).getByText(/\.webp$/).textContent)).toEqual(['x.webp', 'y.webp']);
    expect(toastTexts()).toContain(`Error: ${noneProcessedMessage(2)}`);
    expect(noneProcessedMessage(2)).toBe('None of the 2 files could be processed. Each is listed with the reason.');
  });

  it('a single bad file keeps the page’s own Error message and lists nothing extra', async () => {
    await runAndWait([junk('only.webp')]);
    expect(toastTexts().filter((t) => t.startsWith('Error:'))).toEqual([expect.stringContaining('only.webp')]);
    expect(screen.queryAllByTestId('failed-file')).toHaveLength(0);
    expect(screen.getByText('only.webp')).toBeInTheDocument();
  });
});
