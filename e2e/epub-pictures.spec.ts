/**
 * EPUB to PDF in Chromium on a book beyond plain text: a chapter drawn in
 * inline SVG, an SVG page in the reading order with a photo, Japanese text
 * (the CJK font fetched from the site itself) and a chapter whose only
 * picture is a GIF, which gives a Warning. The download is read back with pdf.js.
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';
import { twoToneJpeg } from '../tests/fixtures/pdf-build/images';
import { pdfLines } from '../tests/support/pdf-scripts';

const xhtml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;

function pictureBook(): Buffer {
  const items: [string, string, string | Uint8Array, boolean][] = [
    ['c1.xhtml', 'application/xhtml+xml', xhtml('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100"><rect width="100" height="100" fill="#cc0000"/><text x="120" y="60" font-size="24">Harbour at dawn</text></svg>'), true],
    ['p2.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 160 120"><image width="160" height="120" xlink:href="photo.jpg"/></svg>', true],
    ['c3.xhtml', 'application/xhtml+xml', xhtml('<p>吾輩は猫である。名前はまだ無い。</p>'), true],
    ['c4.xhtml', 'application/xhtml+xml', xhtml('<p><img src="moving.gif" alt=""/></p>'), true],
    ['photo.jpg', 'image/jpeg', twoToneJpeg(160, 120), false],
    ['moving.gif', 'image/gif', new Uint8Array(readFileSync(new URL('../tests/fixtures/pdf-build/alpha.gif', import.meta.url))), false],
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Pictures</dc:title><dc:identifier id="id">e2e</dc:identifier></metadata>
<manifest>${items.map(([href, type], i) => `<item id="i${i}" href="${href}" media-type="${type}"/>`).join('')}</manifest>
<spine>${items.map(([, , , spine], i) => (spine ? `<itemref idref="i${i}"/>` : '')).join('')}</spine></package>`;
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OPS/package.opf': strToU8(opf),
  };
  for (const [href, , body] of items) files[`OPS/${href}`] = typeof body === 'string' ? strToU8(body) : body;
  return Buffer.from(zipSync(files));
}

test('epub-to-pdf: SVG pages and Japanese text are drawn, a GIF-only chapter gives a Warning naming it', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await gotoReal(page, '/tools/epub-to-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('pictures.epub', 'application/epub+zip', pictureBook()));
  await page.getByRole('button', { name: manifest('epub-to-pdf').action.label, exact: true }).click();
  await expect(toast(page, 'Success')).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, 'Warning')).toContainText('Some pages of the book could not be drawn');
  await expect(toast(page, 'Warning')).toContainText('OPS/c4.xhtml');
  const { bytes } = await downloadResult(page, 'pictures.pdf');
  const lines = await pdfLines(bytes);
  expect(lines).toEqual([['Harbour at dawn'], [], ['吾輩は猫である。名前はまだ無い。']]);
  const doc = await PDFDocument.load(bytes);
  const photoPage = doc.getPage(1).getSize();
  expect(photoPage.width / photoPage.height).toBeCloseTo(160 / 120, 3);
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
});
