/** Demo mode end to end: the PDF Compressor simulates, names and sizes its placeholder as the manifest says. */
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, makePdf, manifest, toast, upload } from './support';

const compressor = manifest('pdf-compressor');

test('demo mode: PDF Compressor gives a half-size placeholder marked as a mock', async ({ page }) => {
  const input = await makePdf([300, 300, 300], 'Demo');
  await page.goto('/tools/pdf-compressor?demo=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF Compressor');
  await expect(demoBadge(page)).toBeVisible();
  // The note says the result is simulated (worded for demo mode, or for a tool that only simulates).
  await expect(page.getByTestId('tool-note')).toContainText('simulates the conversion');

  const action = page.getByRole('button', { name: compressor.action.label, exact: true });
  await expect(action).toBeDisabled();
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', 'application/pdf', input));
  await expect(action).toBeEnabled();
  // Medium is the default level, so the placeholder is half the input's size.
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await action.click();

  await expect(page.getByRole('button', { name: compressor.action.busyLabel })).toBeDisabled();
  await expect(page.getByTestId('result-name')).toHaveText('compressed-report.pdf', { timeout: 15_000 });
  const success = toast(page, compressor.simulation.successTitle ?? 'Success');
  await expect(success.locator('.toast-message')).toHaveText(compressor.simulation.success);
  expect(compressor.simulation.success).toMatch(/\((mock operation|Mock)\)$/);
  await expect(page.getByRole('button', { name: compressor.action.label, exact: true })).toBeEnabled();

  const { bytes } = await downloadResult(page, 'compressed-report.pdf');
  expect(bytes.length).toBe(Math.round(0.5 * input.length));
});

test('demo mode is remembered for the session and ?demo=0 turns it off', async ({ page }) => {
  await page.goto('/tools/pdf-compressor?demo=1');
  await expect(demoBadge(page)).toBeVisible();
  await page.goto('/tools/merge-pdf');
  await expect(demoBadge(page)).toBeVisible();
  await page.goto('/tools/merge-pdf?demo=0');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF');
  await expect(demoBadge(page)).toHaveCount(0);
  await expect(page.getByTestId('tool-note')).toContainText('never leave it');
});
