// @vitest-environment jsdom
/** A workflow page: each step's own form pre-filled from the workflow, and a real run of its tools in this process. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../lib/errors';
import { encode } from '../lib/image/encode';
import { partlyProcessedMessage } from '../engine/notify';
import { askedFieldNote } from '../engine/OptionsForm';
import { runInPlace, toastTexts } from '../../tests/support/components';
import { loadProcessor } from '../core/processor-modules';
import type { StepRunner } from '../core/run-chain';
import { runLabel } from './ChainWork';
import { cancelledMessage } from './useChainRun';
import { renderInRouter } from '../../tests/support/router';
import { loadWorkflow } from './workflow-data';
import { WorkflowPage } from './WorkflowRoute';
import '../../tests/setup/offscreen-canvas';

async function page(slug: string, runStep: StepRunner = runInPlace(loadProcessor)) {
  const chain = await loadWorkflow(slug);
  if (!chain) throw new Error(`No workflow ${slug}`);
  await renderInRouter(<WorkflowPage chain={chain} runStep={runStep} />);
  return chain;
}

const step = (n: number) => screen.getAllByTestId('chain-step')[n - 1];

async function webp(name: string, width: number, height: number): Promise<File> {
  const data = new Uint8ClampedArray(width * height * 4).fill(150);
  return new File([(await encode({ width, height, data }, 'webp', { quality: 80 })) as Uint8Array<ArrayBuffer>], name, { type: 'image/webp' });
}
const junk = (name: string) => new File([new TextEncoder().encode('RIFF0000WEBPVP8 not an image')], name, { type: 'image/webp' });

afterEach(() => {
  act(() => toast.remove());
});

describe('a workflow page', () => {
  it("shows each step's tool with its own form, pre-filled from the workflow", async () => {
    await page('shrink-photos-for-web');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shrink Photos for the Web');
    expect(within(step(1)).getByRole('link', { name: 'Resize Image Dimensions' })).toHaveAttribute('href', '/tools/resize-image-dimensions');
    expect(within(step(1)).getByLabelText('Width')).toHaveValue(1920);
    expect(within(step(1)).getByLabelText('Height')).toHaveValue(1920);
    expect(within(step(2)).getByRole('link', { name: 'Image Compressor' })).toBeInTheDocument();
    expect(within(step(2)).getByLabelText('Quality')).toHaveValue('75');
    expect(within(step(2)).getByLabelText('Output format')).toHaveValue('webp');
    expect(screen.getByRole('group', { name: 'Step 2 options' })).toBeInTheDocument();
  });

  it('marks the fields the workflow asks the visitor to set', async () => {
    await page('pdf-to-web-images');
    const asked = within(step(1)).getAllByTestId('asked-field');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveTextContent(askedFieldNote());
    expect(within(asked[0]).getByRole('textbox')).toBeInTheDocument();
    expect(within(step(1)).getByLabelText(/resolution|dpi/i)).toHaveValue('150');
    expect(within(step(2)).queryAllByTestId('asked-field')).toHaveLength(0);
  });

  it('refuses a file over the first step\'s size limit with the drop zone\'s message', async () => {
    const chain = await page('photos-to-compact-pdf');
    const big = new File([new Uint8Array(chain.manifests[0].limits.maxBytes + 1)], 'huge.webp', { type: 'image/webp' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), { target: { files: [big] } });
    });
    await waitFor(() => expect(toastTexts()).toContain('File too large: The file huge.webp is too large. Maximum size is 10MB.'));
    expect(screen.getByRole('button', { name: runLabel() })).toBeDisabled();
  });

  it('runs every step on real files, keeps the good results and lists the bad file with its step', async () => {
    await page('photos-to-compact-pdf');
    const files = [await webp('a.webp', 40, 30), junk('broken.webp'), await webp('c.webp', 20, 50)];
    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
    });
    await act(async () => screen.getByRole('button', { name: runLabel() }).click());
    await waitFor(() => expect(screen.getAllByTestId('result-name')).toHaveLength(1), { timeout: 30000 });

    const name = screen.getByTestId('result-name').textContent!;
    expect(name).toMatch(/\.pdf$/);
    const failed = screen.getAllByTestId('failed-file');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toHaveTextContent('broken.webp');
    expect(failed[0]).toHaveTextContent(/Step 1 \(Image Compressor\): .*broken\.webp/);
    expect(toastTexts()).toContain(`Warning: ${partlyProcessedMessage(1, 3)}`);

    // The downloaded file is a real PDF with a page for each good photo, in the order chosen.
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: `Download ${name}` }));
    const pdf = await PDFDocument.load(new Uint8Array(await saved.at(-1)!.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(2);
    vi.restoreAllMocks();
  });

  it('shows the running step and overall progress, and Cancel stops the run', async () => {
    // A step that reports half its work, then waits until it is cancelled.
    const hanging: StepRunner = (_processor, _files, _options, signal, onProgress) =>
      new Promise((_resolve, reject) => {
        onProgress(1, 2);
        signal.addEventListener('abort', () => reject(new CancelledError()));
      });
    await page('shrink-photos-for-web', hanging);
    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), { target: { files: [await webp('a.webp', 10, 10)] } });
    });
    await act(async () => screen.getByRole('button', { name: runLabel() }).click());
    await waitFor(() => expect(screen.getByTestId('chain-now')).toHaveTextContent('Step 1 of 2: Resize Image Dimensions'));
    // Half of the first of two steps: a quarter of the whole.
    expect(screen.getByRole('progressbar', { name: 'Workflow progress' })).toHaveAttribute('value', '25');
    expect(step(1)).toHaveAttribute('data-state', 'running');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toastTexts()).toContain(`Info: ${cancelledMessage()}`));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: runLabel() })).toBeEnabled();
  });
});
