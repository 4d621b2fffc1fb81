// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { renderWithShell, toastTexts } from '../../tests/support/components';
import TextCaseConverter from './text-case-converter';

const manifest = toolBySlug('text-case-converter')!;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const writeText = vi.fn<(text: string) => Promise<void>>();

function setup() {
  renderWithShell(<TextCaseConverter manifest={manifest} />);
  return {
    input: screen.getByLabelText('Your text') as HTMLTextAreaElement,
    mode: screen.getByLabelText('Case') as HTMLSelectElement,
    output: screen.getByTestId('case-output') as HTMLTextAreaElement,
  };
}

async function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  await flush();
}

describe('Text Case Converter view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('is a text-only tool: no drop zone, and the manifest opts in to this view', () => {
    expect(manifest.view).toBe('text-case-converter');
    expect(manifest.accept).toEqual({});
    expect(manifest.limits.minFiles).toBe(0);
    setup();
    expect(screen.queryByTestId('file-input')).toBeNull();
  });

  it('offers the six modes with their usual labels, uppercase by default', () => {
    const { mode } = setup();
    expect(Array.from(mode.options).map((o) => [o.value, o.textContent])).toEqual([
      ['uppercase', 'UPPERCASE'],
      ['lowercase', 'lowercase'],
      ['titlecase', 'Title Case'],
      ['sentencecase', 'Sentence case'],
      ['alternatingcase', 'aLtErNaTiNg cAsE'],
      ['inversecase', 'iNVERSE cASE'],
    ]);
    expect(mode.value).toBe('uppercase');
  });

  it('recomputes the output on every change of the text or the mode', async () => {
    const { input, mode, output } = setup();
    await type(input, 'hello world. élan');
    expect(output.value).toBe('HELLO WORLD. ÉLAN');
    await type(mode, 'titlecase');
    expect(output.value).toBe('Hello World. Élan');
    await type(mode, 'sentencecase');
    expect(output.value).toBe('Hello world. Élan');
    await type(mode, 'alternatingcase');
    expect(output.value).toBe('hElLo wOrLd. ÉlAn');
    await type(mode, 'inversecase');
    expect(output.value).toBe('HELLO WORLD. ÉLAN');
    await type(input, 'Mixed Case');
    expect(output.value).toBe('mIXED cASE');
    await type(mode, 'lowercase');
    expect(output.value).toBe('mixed case');
  });

  it('counts words on runs of whitespace and characters, for input and output', async () => {
    const { input } = setup();
    expect(screen.getByTestId('input-counts')).toHaveTextContent('Words: 0 · Characters: 0');
    expect(screen.getByTestId('output-counts')).toHaveTextContent('Words: 0 · Characters: 0');
    await type(input, '  two \n\t words  ');
    expect(screen.getByTestId('input-counts')).toHaveTextContent('Words: 2 · Characters: 16');
    expect(screen.getByTestId('output-counts')).toHaveTextContent('Words: 2 · Characters: 16');
  });

  it('copies the output and confirms with a Success toast', async () => {
    writeText.mockResolvedValue(undefined);
    const { input } = setup();
    await type(input, 'copy me');
    fireEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith('COPY ME');
    expect(toastTexts()).toContain('Success: Text copied to clipboard!');
  });

  it('refuses to copy an empty output', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    await flush();
    expect(writeText).not.toHaveBeenCalled();
    expect(toastTexts()).toContain("Error: There's no text to copy.");
  });

  it('reports a clipboard failure', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { input } = setup();
    await type(input, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    await flush();
    expect(toastTexts()).toContain('Error: Failed to copy text. Please try again.');
  });

  it('Reset clears the input and the output', async () => {
    const { input, output } = setup();
    await type(input, 'some text');
    expect(output.value).toBe('SOME TEXT');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await flush();
    expect(input.value).toBe('');
    expect(output.value).toBe('');
    expect(screen.getByTestId('output-counts')).toHaveTextContent('Words: 0 · Characters: 0');
  });

  it('explains each case with an example produced by the converter', () => {
    setup();
    expect(screen.getByTestId('case-help-uppercase')).toHaveTextContent('THE QUICK BROWN FOX. IT JUMPS OVER THE LAZY DOG!');
    expect(screen.getByTestId('case-help-titlecase')).toHaveTextContent('The Quick Brown Fox. It Jumps Over The Lazy Dog!');
    expect(screen.getByTestId('case-help-sentencecase')).toHaveTextContent('The quick brown fox. It jumps over the lazy dog!');
    expect(screen.getByTestId('case-help-inversecase')).toHaveTextContent('THE quick BROWN FOX. IT JUMPS OVER THE LAZY DOG!');
    for (const mode of ['lowercase', 'alternatingcase']) expect(screen.getByTestId(`case-help-${mode}`)).toBeInTheDocument();
  });
});
