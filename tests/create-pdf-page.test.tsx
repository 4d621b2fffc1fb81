// @vitest-environment jsdom
/** Create PDF runs on the generic tool page: the text area is its only input. */
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolBySlug } from './support/catalogue';
import { setDemoMode } from '../src/engine/demo/demo-mode';
import { renderWithShell, toastTexts } from './support/components';
import { ToolPage } from '../src/engine/ToolPage';
import { processorNames } from '../src/core/processor-modules';

const manifest = toolBySlug('create-pdf')!;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('Create PDF page (demo mode)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(() => {
    act(() => toast.remove());
    setDemoMode(false);
    vi.useRealTimers();
  });

  it('takes typed text only and uses the create-pdf processor with the fields it reads', () => {
    expect(manifest.accept).toEqual({});
    expect(manifest.limits.minFiles).toBe(0);
    expect(manifest.processor).toBe('create-pdf');
    expect(processorNames).toContain('create-pdf');
    expect(manifest.options.map((f) => f.name).sort()).toEqual(['fontSize', 'pageSize', 'text']);
    renderWithShell(<ToolPage manifest={manifest} />);
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(screen.getByLabelText('Text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create PDF' })).toBeEnabled();
  });

  it('refuses blank text with the specification message', async () => {
    renderWithShell(<ToolPage manifest={manifest} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: ' \n ' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Create PDF' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please enter some text to create a PDF.');
    expect(screen.queryByRole('button', { name: /Creating/ })).toBeNull();
  });

  it('creates the PDF after exactly 1.5 s', async () => {
    renderWithShell(<ToolPage manifest={manifest} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello PDF' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Create PDF' }));
    await flush();
    expect(screen.getByRole('button', { name: /Creating\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1490));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('result-name').textContent).toMatch(/^document-\d+\.pdf$/);
    expect(toastTexts()).toContain(`Success: ${manifest.simulation.success}`);
  });
});
