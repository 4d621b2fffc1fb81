/**
 * PDF to PDF/A in the browser: Ghostscript's wasm, served by the site, runs in
 * the tool's worker; the download is read back in Node for the output intent,
 * the XMP identification and the embedded font. The site guard (fixtures.ts)
 * fails the test if any request leaves the site's origin.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

const tool = manifest('pdf-to-pdfa');
const TEXT = 'Minutes of the annual meeting';

async function helveticaPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(TEXT, { x: 72, y: 760, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

test('pdf-to-pdfa: converts in the browser to PDF/A-2b with an sRGB output intent and the font embedded, nothing leaving the site', async ({ page, siteGuard }) => {
  await gotoReal(page, '/tools/pdf-to-pdfa');
  await page.getByTestId('file-input').setInputFiles(upload('minutes.pdf', 'application/pdf', Buffer.from(await helveticaPdf())));
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, tool.messages.successTitle ?? 'Success')).toBeVisible({ timeout: 90_000 });
  await expect(toast(page, 'Success')).toContainText('PDF converted to PDF/A!');
  const { bytes } = await downloadResult(page, 'minutes-pdfa.pdf');

  const doc = await PDFDocument.load(new Uint8Array(bytes));
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents.lookup(0, PDFDict);
  expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
  expect(intent.lookup(PDFName.of('DestOutputProfile'))).toBeInstanceOf(PDFRawStream);
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(metadata instanceof PDFRawStream)) throw new Error('No XMP metadata stream');
  const xmp = new TextDecoder().decode(decodePDFRawStream(metadata).decode());
  expect(xmp).toMatch(/pdfaid:part=['"]2['"]/);
  expect(xmp).toMatch(/pdfaid:conformance=['"]B['"]/);
  expect(doc.context.trailerInfo.Encrypt).toBeUndefined();
  const embedded = doc.context
    .enumerateIndirectObjects()
    .some(([, object]) => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') && object.has(PDFName.of('FontFile3')));
  expect(embedded).toBe(true);
  // Ghostscript came from the site itself.
  expect(siteGuard.requests.some((url) => /\.wasm(\?|$)/.test(url))).toBe(true);
  expect(siteGuard.foreign()).toEqual([]);
});
