// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { setDemoMode } from '../engine/demo/demo-mode';
import { renderWithShell, toastTexts } from '../../tests/support/components';
import { simulatedNote } from '../engine/demo/notes';
import AiImageGenerator, { cutText, SAMPLE_IMAGE_URL } from './ai-image-generator';

const manifest = toolBySlug('ai-image-generator')!;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const fetchSample = vi.fn(async () => new Response(PNG, { headers: { 'content-type': 'image/png' } }));

function setup() {
  renderWithShell(<AiImageGenerator manifest={manifest} />);
  return {
    prompt: screen.getByLabelText('Prompt') as HTMLTextAreaElement,
    generate: () => screen.getByRole('button', { name: /Generate Image|Generating\.\.\./ }),
  };
}

describe('AI Image Generator view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
    fetchSample.mockClear();
    vi.stubGlobal('fetch', fetchSample);
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    setDemoMode(false);
    vi.useRealTimers();
  });

  it('is a text-only tool whose notes say plainly that generation is simulated', () => {
    expect(manifest.accept).toEqual({});
    expect(manifest.limits.minFiles).toBe(0);
    setup();
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(screen.getByTestId('tool-note')).toHaveTextContent(simulatedNote());
    expect(screen.getByText(/Image generation is simulated: there is no image model on your device/)).toBeInTheDocument();
  });

  it('refuses a blank prompt', async () => {
    const { prompt, generate } = setup();
    fireEvent.change(prompt, { target: { value: '   ' } });
    await flush();
    fireEvent.click(generate());
    await flush();
    expect(toastTexts()).toContain('Error: Please enter a text prompt to generate an image.');
    expect(generate()).toHaveTextContent('Generate Image');
  });

  it('after the delay shows the bundled preview, the prompt cut at 50 characters, and downloads the sample PNG', async () => {
    const { prompt, generate } = setup();
    const long = 'A lighthouse on a rocky coast at sunset, in watercolour, with seagulls';
    fireEvent.change(prompt, { target: { value: long } });
    await flush();
    fireEvent.click(generate());
    await flush();
    expect(generate()).toHaveTextContent('Generating...');
    await act(() => vi.advanceTimersByTimeAsync(manifest.simulation.delayMs as number));
    await flush();
    expect(toastTexts()).toContain("Success: Image 'generated' successfully! (Mock)");
    const preview = screen.getByTestId('ai-preview') as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/samples/ai-image-preview.png');
    expect(SAMPLE_IMAGE_URL).not.toMatch(/^https?:/);
    expect(fetchSample).toHaveBeenCalledWith(SAMPLE_IMAGE_URL);
    const facts = screen.getByRole('region', { name: 'Results' }).querySelector('dl')!;
    expect(facts).toHaveTextContent(`Prompt${long.slice(0, 50)}...`);
    expect(screen.getByTestId('result-name').textContent).toMatch(/^ai-image-\d+\.png$/);
    expect(screen.getByTestId('result-size')).toHaveTextContent(`${PNG.length} B`);

    fireEvent.click(screen.getByRole('button', { name: /^Download ai-image-/ }));
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(saved.type).toBe('image/png');
    expect(new Uint8Array(await saved.arrayBuffer())).toEqual(PNG);
  });

  it('shows a short prompt whole', async () => {
    const { prompt, generate } = setup();
    fireEvent.change(prompt, { target: { value: 'A red fox' } });
    await flush();
    fireEvent.click(generate());
    await act(() => vi.advanceTimersByTimeAsync(manifest.simulation.delayMs as number));
    await flush();
    const facts = screen.getByRole('region', { name: 'Results' }).querySelector('dl')!;
    expect(facts).toHaveTextContent(/^PromptA red fox$/);
  });
});

describe('cutText', () => {
  it('cuts at the limit with an ellipsis only when the text is longer', () => {
    expect(cutText('x'.repeat(50), 50)).toBe('x'.repeat(50));
    expect(cutText('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}...`);
    expect(cutText('', 50)).toBe('');
    // Characters, not UTF-16 units: an emoji is never split in half.
    expect(cutText('😀'.repeat(31), 30)).toBe(`${'😀'.repeat(30)}...`);
  });
});
