/**
 * Redact PDF end to end in real mode: a search and a box drawn with the
 * mouse in Chromium, the download read back with pdf.js in Node.
 */
import { expect, test } from './fixtures';
import { pdfPageTexts, textPdf } from './pdf-builders';
import { demoBadge, downloadResult, gotoReal, toast, upload } from './support';

const PDF = 'application/pdf';
/** A cold run starts pdf.js twice (the page, then the check of the output) and draws each redacted page at 200 DPI. */
const REDACT_TIMEOUT = 60_000;
const LINES = [
  'Board minutes, private copy.',
  'Write to jane.doe@example.com or call +1 555-123-4567.',
  'Project Falcon starts in May.',
  'Everything else stays readable.',
];

test('Redact PDF: emails, phone numbers and a word found by the search are gone from the text', async ({ page }) => {
  await gotoReal(page, '/tools/redact-pdf');
  await expect(demoBadge(page)).toHaveCount(0);
  await page.locator('input[type=file]').setInputFiles(upload('minutes.pdf', PDF, await textPdf([LINES, ['Page two: call +1 555-123-4567.']])));
  await page.getByRole('switch', { name: 'Email addresses' }).click();
  await page.getByRole('switch', { name: 'Phone numbers' }).click();
  await page.getByLabel('Words and phrases').fill('Falcon');
  await page.getByRole('button', { name: 'Redact PDF', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('PDF redacted successfully!', { timeout: REDACT_TIMEOUT });
  const texts = await pdfPageTexts((await downloadResult(page, 'redacted-minutes.pdf')).bytes);
  expect(texts).toHaveLength(2);
  const all = texts.join('\n');
  for (const secret of ['jane.doe@example.com', 'example.com', '555-123-4567', 'Falcon']) expect(all).not.toContain(secret);
  for (const kept of ['Board minutes', 'Project', 'Everything else stays readable.', 'Page two']) expect(all).toContain(kept);
});

test('Redact PDF: a box drawn with the mouse over the first line removes its words only', async ({ page }) => {
  await gotoReal(page, '/tools/redact-pdf');
  await page.locator('input[type=file]').setInputFiles(upload('minutes.pdf', PDF, await textPdf([LINES])));
  await expect(page.getByTestId('redact-page')).toHaveText('Page 1 of 1');
  const surface = page.getByTestId('redact-surface');
  await surface.scrollIntoViewIfNeeded();
  const box = (await surface.boundingBox())!;
  // The 500 x 400 pt page: the first line's baseline is 50 pt from the top, at 40 pt from the left.
  const at = (x: number, y: number) => [box.x + (x / 500) * box.width, box.y + (y / 400) * box.height] as const;
  await page.mouse.move(...at(30, 30));
  await page.mouse.down();
  await page.mouse.move(...at(200, 45), { steps: 5 });
  await page.mouse.move(...at(300, 56), { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('redact-box')).toHaveCount(1);
  await page.getByRole('button', { name: 'Redact PDF', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('PDF redacted successfully!', { timeout: REDACT_TIMEOUT });
  const [text] = await pdfPageTexts((await downloadResult(page, 'redacted-minutes.pdf')).bytes);
  expect(text).not.toMatch(/Board|minutes|private/);
  expect(text).toContain('jane.doe@example.com');
  expect(text).toContain('Everything else stays readable.');
});
