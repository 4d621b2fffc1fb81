/**
 * Compare PDFs end to end in real mode: two generated versions chosen in
 * Chromium, labelled older and newer, compared in the worker, and the report
 * downloaded and read back in Node.
 */
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { expect, test } from './fixtures';
import { pdfPageTexts, textPdf } from './pdf-builders';
import { demoBadge, downloadResult, gotoReal, toast, upload } from './support';

const PDF = 'application/pdf';
/** Every page pair is drawn twice and compared pixel by pixel: slower than the other PDF tools on a busy machine. */
const RUN_TIMEOUT = { timeout: 60_000 };

/** Names of the images a page of the report draws. */
function pageImages(doc: PDFDocument, index: number): string[] {
  const xobjects = doc.getPage(index).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xobjects?.keys() ?? [])
    .filter((key) => {
      const object = xobjects!.lookup(key);
      return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    })
    .map(String);
}

test('Compare PDFs: a changed word and an added page are in the downloaded report', async ({ page }) => {
  await gotoReal(page, '/tools/compare-pdfs');
  await expect(demoBadge(page)).toHaveCount(0);
  const older = await textPdf([['Lease agreement', 'The rent is due monthly.']]);
  const newer = await textPdf([['Lease agreement', 'The deposit is due monthly.'], ['Appendix', 'Signed by both parties.']]);
  const input = page.locator('input[type=file]');
  const list = page.getByRole('list', { name: 'Files to compare, older version first' });
  await input.setInputFiles(upload('lease-v1.pdf', PDF, older));
  // As a visitor does: the second file once the first is listed (the view replaces the page, and its input, with the first).
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await input.setInputFiles(upload('lease-v2.pdf', PDF, newer));
  await expect(list.getByRole('listitem')).toHaveText([/Older version.*lease-v1\.pdf/, /Newer version.*lease-v2\.pdf/]);
  const started = Date.now();
  await page.getByRole('button', { name: 'Compare PDFs', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Comparison report ready!', RUN_TIMEOUT);
  console.log(`compare-pdfs: 1 + 2 pages compared in ${Date.now() - started} ms`);
  const { bytes } = await downloadResult(page, 'comparison-lease-v1.pdf');
  const texts = (await pdfPageTexts(bytes)).map((text) => text.replace(/\s+/g, ' '));
  expect(texts[0]).toContain('Older version: lease-v1.pdf (1 page)');
  expect(texts[0]).toContain('Newer version: lease-v2.pdf (2 pages)');
  expect(texts[0]).toContain('Pages only in the newer version (added): 2');
  const sections = texts.slice(1).join('\n');
  expect(sections).toMatch(/Page 1\b.*Removed: rent.*Added: deposit/s);
  expect(sections).toMatch(/Page 2 \(only in the newer version\).*Added: Appendix Signed by both parties\./s);
  // The first page's section carries its overlay picture.
  const doc = await PDFDocument.load(bytes);
  expect(pageImages(doc, 1)).toHaveLength(1);
});

test('Compare PDFs: the same file twice says there are no differences', async ({ page }) => {
  await gotoReal(page, '/tools/compare-pdfs');
  const same = await textPdf([['Minutes', 'Nothing changed here.']]);
  await page.locator('input[type=file]').setInputFiles([upload('a.pdf', PDF, same), upload('b.pdf', PDF, same)]);
  await page.getByRole('button', { name: 'Compare PDFs', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Comparison report ready!', RUN_TIMEOUT);
  const { bytes } = await downloadResult(page, 'comparison-a.pdf');
  const texts = await pdfPageTexts(bytes);
  expect(texts).toHaveLength(1);
  expect(texts[0]!.replace(/\s+/g, ' ')).toContain('No differences found');
});
