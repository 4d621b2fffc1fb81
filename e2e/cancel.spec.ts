/**
 * Cancel in real mode: the processor is asked to stop, the worker ends within
 * the grace period, the page says the file was not changed and is ready for
 * another run, which then succeeds.
 */
import { expect, test } from './fixtures';
import { gotoReal, makePdf, manifest, toast, upload } from './support';

const CANCELLED = 'Processing cancelled. Your file was not changed.';
/** src/engine/worker/bridge.ts CANCEL_GRACE_MS, plus time for the page to notice. */
const GRACE_MS = 1500 + 1000;

test('cancelling a long PDF to JPG run stops its worker and leaves the page ready for another run', async ({ page }) => {
  const tool = manifest('pdf-to-jpg');
  await gotoReal(page, '/tools/pdf-to-jpg');
  const pdf = await makePdf(Array.from({ length: 60 }, () => 1200), 'Long');
  await page.getByTestId('file-input').setInputFiles(upload('long.pdf', 'application/pdf', pdf));
  await page.getByLabel('Resolution').selectOption('300');
  // The page's own preview keeps a pdf.js worker; the run's workers come on top of it.
  await expect(page.getByRole('region', { name: 'Page previews' })).toBeVisible();
  const idleWorkers = page.workers().length;

  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  const status = page.getByTestId('run-status');
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  // Wait until the processor is really working (a page is done), then cancel.
  await expect(status).toContainText(/[1-9]\d*%/, { timeout: 30_000 });
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Info').or(toast(page, 'Information'))).toContainText(CANCELLED);
  await expect(page.getByTestId('result-name')).toHaveCount(0);
  await expect.poll(() => page.workers().length, { timeout: GRACE_MS }).toBe(idleWorkers);

  // The page is ready again: a short run of one page succeeds.
  await page.getByLabel('Resolution').selectOption('72');
  await page.getByRole('textbox', { name: 'Pages', exact: true }).fill('1');
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, tool.messages.successTitle ?? 'Success')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-name')).toHaveCount(1);
});
