/**
 * Remove Hidden Information in real mode: a PDF hiding a secret word in every
 * place it can is cleaned in Chromium's worker with comments unticked, the
 * card says what was removed, and the download holds the comments and no
 * other secret.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { hiddenInformationPdf, PLACES, SECRETS } from '../tests/fixtures/pdf-build/hidden-information';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, manifest, toast, upload } from './support';

const SLUG = 'remove-hidden-information';

/** The file's bytes as text, each Flate stream inflated in place. */
function rawText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  let out = text;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out += inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      // Not compressed: already in the text.
    }
  }
  return out;
}

test('Remove Hidden Information cleans a PDF on the page, keeps what is unticked, and says what it removed', async ({ page }) => {
  const tool = manifest(SLUG);
  await gotoReal(page, `/tools/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.title);
  await expect(demoBadge(page)).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', 'application/pdf', Buffer.from(await hiddenInformationPdf())));
  for (const field of tool.options) await expect(page.getByRole('switch', { name: field.label })).toBeChecked();
  await page.getByRole('switch', { name: 'Comments' }).click();
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('PDF checked for hidden information!', { timeout: 45_000 });
  await expect(page.getByTestId('result-note')).toHaveText(
    'Removed document metadata, 2 attachments, 4 scripts and actions, 2 form fields (flattened into the page), an XFA form, ' +
      "1 hidden layer, hidden text on 1 page, 1 page thumbnail, other programs' private data and 1 earlier revision.",
  );

  const { bytes } = await downloadResult(page, 'cleaned-report.pdf');
  const text = rawText(bytes);
  for (const place of PLACES) for (const secret of SECRETS[place]) expect(text.includes(secret), secret).toBe(place === 'comments');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(2);
  expect(doc.catalog.has(PDFName.of('AcroForm'))).toBe(false);
});
