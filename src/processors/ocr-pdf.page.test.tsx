// @vitest-environment jsdom
/**
 * The OCR tools' pages in demo mode with their real manifests: OCR PDF's
 * messages, and the Language select on the three OCR pages, which demo mode
 * ignores (the simulation's delay and size do not depend on it).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock } from 'vitest';
import { toastTexts } from '../../tests/support/components';
import {
  actionButton,
  captureDownloads,
  choose,
  endDemo,
  expectResultsAtExactly,
  fileOf,
  flush,
  press,
  renderRun,
  renderTool,
  resultNames,
  startDemo,
  submitForm,
} from '../../tests/support/tool-page';

const PDF = 'application/pdf';

describe('OCR tool pages in demo mode', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('OCR PDF: with no file the button is disabled and a submit says what to do', async () => {
    const manifest = renderTool('ocr-pdf');
    expect(actionButton(manifest)).toBeDisabled();
    await submitForm();
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to make searchable.']);
  });

  it('OCR PDF: refuses a download before a run', () => {
    const { result } = renderRun('ocr-pdf');
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please make a PDF searchable first.']);
  });

  it('OCR PDF: simulates scan-searchable.pdf at 3 s, 1.02 x the input, whatever the language', async () => {
    const downloads = captureDownloads();
    const manifest = renderTool('ocr-pdf');
    await choose([fileOf('scan.pdf', 10000, PDF)]);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'jpn' } });
    await flush();
    await press(manifest);
    await expectResultsAtExactly(manifest, 3000);
    expect(resultNames()).toEqual(['scan-searchable.pdf']);
    expect(toastTexts()).toEqual(['Success: PDF made searchable! (mock operation)']);
    fireEvent.click(screen.getByRole('button', { name: 'Download scan-searchable.pdf' }));
    expect(downloads).toEqual(['scan-searchable.pdf']);
    expect(((URL.createObjectURL as Mock).mock.calls[0][0] as Blob).size).toBe(10200);
  });

  it.each([
    ['extract-text-from-image', 'note.png', 'image/png', 2500, 'note.txt'],
    ['extract-text-from-pdf', 'scan.pdf', PDF, 2000, 'scan.txt'],
    ['pdf-to-word', 'scan.pdf', PDF, 3000, 'scan.docx'],
  ])('%s offers the eleven languages, English first and chosen, and its demo ignores the choice', async (slug, name, type, delay, output) => {
    const manifest = renderTool(slug);
    await choose([fileOf(name, 1000, type)]);
    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(select.value).toBe('eng');
    expect([...select.options].map((o) => o.value)).toEqual(['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld', 'ukr', 'ara', 'chi_sim', 'jpn']);
    expect([...select.options].map((o) => o.text).slice(0, 3)).toEqual(['English', 'French', 'German']);
    fireEvent.change(select, { target: { value: 'deu' } });
    await flush();
    expect(select.value).toBe('deu');
    await press(manifest);
    await expectResultsAtExactly(manifest, delay);
    expect(resultNames()).toEqual([output]);
  });
});
