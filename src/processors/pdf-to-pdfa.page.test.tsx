// @vitest-environment jsdom
/**
 * PDF to PDF/A's page in demo mode with its real manifest: its messages, the
 * level choice with PDF/A-2b first and chosen, and the simulated result.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toastTexts } from '../../tests/support/components';
import { actionButton, choose, endDemo, expectResultsAtExactly, fileOf, press, renderRun, renderTool, resultNames, startDemo, submitForm } from '../../tests/support/tool-page';

describe('PDF to PDF/A page in demo mode', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('with no file the button is disabled and a submit says what to do', async () => {
    const manifest = renderTool('pdf-to-pdfa');
    expect(actionButton(manifest)).toBeDisabled();
    await submitForm();
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to convert to PDF/A.']);
  });

  it('refuses a download before a run', () => {
    const { result } = renderRun('pdf-to-pdfa');
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please convert a PDF to PDF/A first.']);
  });

  it('offers PDF/A-2b, 1b and 3b, 2b chosen, and simulates report-pdfa.pdf', async () => {
    const manifest = renderTool('pdf-to-pdfa');
    await choose([fileOf('report.pdf', 10000, 'application/pdf')]);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['2b', '1b', '3b']);
    expect(radios.filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('value'))).toEqual(['2b']);
    await press(manifest);
    await expectResultsAtExactly(manifest, 2500);
    expect(resultNames()).toEqual(['report-pdfa.pdf']);
    expect(toastTexts()).toEqual(['Success: PDF converted to PDF/A! (Mock)']);
  });
});
