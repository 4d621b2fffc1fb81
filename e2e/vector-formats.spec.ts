/**
 * Vector formats in real Chromium: SVG to PNG rasterises with resvg served by
 * the site (an SVG that asks for an outside image fetches nothing), PNG or
 * JPG to SVG trace the picture into paths, and PSD to AI writes a
 * PDF-compatible file. Downloads are checked in Node.
 */
import { XMLParser } from 'fast-xml-parser';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PNG } from 'pngjs';
import { fixtureFor, FIXTURE_HEIGHT, FIXTURE_WIDTH } from '../tests/support/image-fixtures';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

test.describe.configure({ timeout: 120_000 });

test('svg-to-png: the drawing at the chosen size, with nothing fetched from outside', async ({ page }) => {
  await gotoReal(page, '/tools/svg-to-png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50">
    <image width="10" height="10" xlink:href="https://example.com/pixel.png"/>
    <rect width="50" height="50" fill="#ff0000"/><rect x="50" width="50" height="50" fill="#0000ff"/></svg>`;
  await page.getByTestId('file-input').setInputFiles(upload('flag.svg', 'image/svg+xml', Buffer.from(svg)));
  await page.getByLabel('Width').fill('300');
  await page.getByLabel('Height').fill('150');
  await page.getByRole('button', { name: manifest('svg-to-png').action.label, exact: true }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('1 SVG image(s) converted to PNG!', { timeout: 60_000 });
  const { bytes } = await downloadResult(page, 'flag.png');
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([300, 150]);
  expect([...png.data.subarray((75 * 300 + 75) * 4, (75 * 300 + 75) * 4 + 4)]).toEqual([255, 0, 0, 255]);
  expect([...png.data.subarray((75 * 300 + 225) * 4, (75 * 300 + 225) * 4 + 4)]).toEqual([0, 0, 255, 255]);
});

for (const [slug, mime, message] of [
  ['png-to-svg', 'image/png', '1 PNG image(s) converted to SVG!'],
  ['jpg-to-svg', 'image/jpeg', '1 JPG image(s) converted to SVG!'],
] as const) {
  test(`${slug}: a traced SVG of paths at the picture's size`, async ({ page }) => {
    const fixture = fixtureFor(mime)!;
    await gotoReal(page, `/tools/${slug}`);
    await page.getByTestId('file-input').setInputFiles(upload(`picture.${fixture.ext}`, mime, Buffer.from(fixture.bytes)));
    await page.getByRole('button', { name: manifest(slug).action.label, exact: true }).click();
    await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(message, { timeout: 60_000 });
    const { bytes } = await downloadResult(page, 'picture.svg');
    const text = bytes.toString('utf8');
    expect(text).not.toMatch(/<image|base64/);
    const svg = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text).svg;
    expect([Number(svg.width), Number(svg.height)]).toEqual([FIXTURE_WIDTH, FIXTURE_HEIGHT]);
    expect([svg.path].flat().length).toBeGreaterThan(1);
  });
}

test('psd-to-ai: a PDF-compatible .ai of the picture, with its PDF layers', async ({ page }) => {
  const fixture = fixtureFor('image/vnd.adobe.photoshop')!;
  await gotoReal(page, '/tools/psd-to-ai');
  await page.getByTestId('file-input').setInputFiles(upload('picture.psd', 'image/vnd.adobe.photoshop', Buffer.from(fixture.bytes)));
  await page.getByRole('button', { name: manifest('psd-to-ai').action.label, exact: true }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('1 PSD image(s) converted to AI!', { timeout: 60_000 });
  const { bytes } = await downloadResult(page, 'picture.ai');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(1);
  expect([doc.getPage(0).getWidth(), doc.getPage(0).getHeight()]).toEqual([FIXTURE_WIDTH, FIXTURE_HEIGHT]);
  expect(doc.catalog.lookup(PDFName.of('OCProperties'), PDFDict)).toBeTruthy();
});
