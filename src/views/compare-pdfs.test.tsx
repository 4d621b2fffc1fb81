// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { openPreview } from '../lib/pdf/preview';
import { renderRun } from '../../tests/support/tool-page';
import { demoModeHooks } from '../../tests/support/views';
import ComparePdfsView from './compare-pdfs';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));

const manifest = manifestOf('compare-pdfs');
const LIST = 'Files to compare, older version first';
const TWO_FILES = 'Please upload two PDF files to compare: the older version first, then the newer one.';

/** Each row of the list as "label: file name". */
function rows(): string[] {
  return [...screen.getByRole('list', { name: LIST }).querySelectorAll('li')].map(
    (row) => `${row.querySelector('.compare-version-label')?.textContent}: ${row.querySelector('.file-name')?.textContent}`,
  );
}

describe('Compare PDFs view in demo mode', () => {
  demoModeHooks();

  it('labels the files older and newer in the order chosen, keeps two, and swaps them', async () => {
    renderWithShell(<ComparePdfsView manifest={manifest} />);
    await choose([pdfFile('v1.pdf', 100)]);
    expect(rows()).toEqual(['Older version: v1.pdf']);
    expect(screen.getByText('Now add the newer version.')).toBeInTheDocument();
    await choose([pdfFile('v2.pdf', 100)]);
    expect(rows()).toEqual(['Older version: v1.pdf', 'Newer version: v2.pdf']);
    await choose([pdfFile('v3.pdf', 100)]);
    expect(rows()).toEqual(['Older version: v1.pdf', 'Newer version: v2.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Swap older and newer' }));
    expect(rows()).toEqual(['Older version: v2.pdf', 'Newer version: v1.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove v2.pdf' }));
    expect(rows()).toEqual(['Older version: v1.pdf']);
  });

  it('says what to do with no file and with one file', async () => {
    renderWithShell(<ComparePdfsView manifest={manifest} />);
    const action = screen.getByRole('button', { name: manifest.action.label });
    expect(action).toBeDisabled();
    expect(manifest.messages.noFile).toBe(TWO_FILES);
    await choose([pdfFile('only.pdf', 100)]);
    expect(action).toBeEnabled();
    fireEvent.click(action);
    await flush();
    expect(toastTexts()).toContain(`Error: ${TWO_FILES}`);
    expect(manifest.messages.tooFewFiles).toBe(TWO_FILES);
  });

  it('asks to compare before downloading', () => {
    const { result } = renderRun('compare-pdfs');
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please compare two PDF files first.']);
  });

  it('gives one report named after the older file after 3 s', async () => {
    renderWithShell(<ComparePdfsView manifest={manifest} />);
    await choose([pdfFile('v1.pdf', 1000), pdfFile('v2.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await flush();
    expect(screen.getByRole('button', { name: /Comparing\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getAllByTestId('result-name').map((e) => e.textContent)).toEqual(['comparison-v1.pdf']);
    expect(toastTexts()).toContain('Success: Comparison report ready! (mock operation)');
    expect(openPreview).not.toHaveBeenCalled();
  });
});
