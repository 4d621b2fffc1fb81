/**
 * Word to PDF with text beyond Latin, in Chromium: the worker shapes Arabic,
 * orders right-to-left lines, fetches the CJK fonts from the site itself, and
 * warns about characters no font has. The download is read back with pdf.js.
 */
import { expect, test } from './fixtures';
import { docxFile } from './pdf-builders';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';
import { pdfLines } from '../tests/support/pdf-scripts';

test('word-to-pdf: Arabic, Hebrew, Chinese, Japanese and Korean read back as written; a character no font has gives a Warning', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await gotoReal(page, '/tools/word-to-pdf');
  const heading = 'مرحبا بالعالم';
  const paragraphs = ['שלום עולם, זה טקסט בעברית.', 'The word مرحبا means hello.', '这是一个中文段落。', 'これは日本語の段落です。', '이것은 한국어 문단입니다.', 'Ethiopic ሀ here.'];
  const docx = await docxFile(heading, paragraphs);
  await page.getByTestId('file-input').setInputFiles(upload('scripts.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx));
  await page.getByRole('button', { name: manifest('word-to-pdf').action.label, exact: true }).click();
  await expect(toast(page, 'Success')).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, 'Warning')).toContainText(
    'Some characters could not be drawn because none of the fonts has them, so they are left out of the PDF: ሀ (U+1200).',
  );
  const { bytes } = await downloadResult(page, 'scripts.pdf');
  expect(await pdfLines(bytes)).toEqual([[heading, ...paragraphs.slice(0, -1), 'Ethiopic here.']]);
  // Nothing, fonts included, was asked of another origin.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
});
