/**
 * The PDF tools end to end in real mode (?demo=0): each is given a real file
 * built in Node, run in Chromium, and its download is parsed back in Node
 * (pdf-lib, pdf.js, fflate, exceljs, jpeg-js). Merge is covered in
 * pilots.spec.ts, split and rearrange in views-pdf.spec.ts. Bad inputs
 * (a locked PDF, a non-PDF named .pdf, a wrong password) must give their
 * specific message, and the page must still work afterwards.
 */
import ExcelJS from 'exceljs';
import { strFromU8 } from 'fflate';
import { readFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { formatBytes } from '../src/lib/format-size';
import { expect, test } from './fixtures';
import {
  docxFile,
  epubFile,
  fixture,
  imageHeavyPdf,
  jpegSize,
  pdfPageTexts,
  restrictedPdf,
  solidJpeg,
  solidPng,
  TABLE,
  tablePdf,
  textPdf,
  zipEntries,
} from './pdf-builders';
import { demoBadge, downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const PDF = 'application/pdf';
const ENCRYPTED_MESSAGE = 'This PDF is password-protected. Unlock it first with Unlock PDF.';
const KEPT_NOTICE = 'This PDF is already well optimised: compressing it would not make it smaller, so your original file is kept.';
/** tests/fixtures/encrypted.pdf: one 200 x 200 pt page reading "Secret"; user password "user", owner password "owner". */
const LOCKED_PASSWORD = 'user';
const A4_PORTRAIT = [595, 842];

/** Opens a tool with demo mode off and checks that the page runs it for real. */
async function openReal(page: Page, slug: string): Promise<void> {
  await gotoReal(page, `/tools/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manifest(slug).title);
  await expect(demoBadge(page)).toHaveCount(0);
  await expect(page.getByTestId('tool-note')).toContainText(/never leave it/);
}

function errorToasts(page: Page) {
  return page.getByTestId('toast').filter({ has: page.locator('.toast-title', { hasText: /^Error$/ }) });
}

/** Clicks the tool's action and waits for its real success toast; returns the result names. */
async function runReal(page: Page, slug: string, expected = 1): Promise<string[]> {
  const tool = manifest(slug);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  const success = toast(page, tool.messages.successTitle ?? 'Success');
  await expect(success).toBeVisible({ timeout: 45_000 });
  await expect(success).not.toContainText('mock');
  await expect(errorToasts(page)).toHaveCount(0);
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(expected);
  return (await names.allTextContents()).map((name) => name.trim());
}

/** Clicks the tool's action and waits for the Error toast; returns it. */
async function runExpectingError(page: Page, slug: string, message: string) {
  await page.getByRole('button', { name: manifest(slug).action.label, exact: true }).click();
  const error = errorToasts(page).filter({ has: page.locator('.toast-message', { hasText: message }) });
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error.locator('.toast-message')).toHaveText(message);
  await expect(page.getByTestId('result-name')).toHaveCount(0);
  return error;
}

/** Closes every toast, so a later step sees only its own. */
async function dismissToasts(page: Page): Promise<void> {
  // A closed toast stays in the page for its leaving animation; only open ones are clicked.
  const open = page.locator('[data-testid="toast"]:not(.toast-leaving)');
  for (let i = 0; i < 10 && (await open.count()) > 0; i++) {
    // A toast may also time out by itself between the count and the click; the loop then moves on.
    await open.first().getByRole('button', { name: 'Dismiss notification' }).click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

/** [width, height] of each page in points, rounded. */
function pageSizes(doc: PDFDocument): number[][] {
  return doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
}

/** Pixel sizes of the image XObjects a page draws (through form XObjects too). */
function pageImages(page: PDFPage): string[] {
  const found: string[] = [];
  const walk = (resources: unknown, depth: number) => {
    if (!(resources instanceof PDFDict) || depth > 4) return;
    const xobjects = resources.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict)) return;
    for (const key of xobjects.keys()) {
      const object = xobjects.lookup(key);
      if (!(object instanceof PDFRawStream)) continue;
      const subtype = object.dict.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) {
        const size = (name: string) => (object.dict.get(PDFName.of(name)) as PDFNumber).asNumber();
        found.push(`${size('Width')}x${size('Height')}`);
      } else if (subtype === PDFName.of('Form')) {
        walk(object.dict.lookup(PDFName.of('Resources')), depth + 1);
      }
    }
  };
  walk(page.node.Resources(), 0);
  return found;
}

test('pdf-compressor: an image-heavy PDF gets smaller, keeps its pages and text, and the card shows the sizes', async ({ page }) => {
  // Megapixel JPEGs are encoded in Node and re-encoded in the page: on a busy 2-core machine this nears a minute.
  test.slow();
  await openReal(page, 'pdf-compressor');
  const input = await imageHeavyPdf(2, 'Annual report');
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', PDF, input));
  const [name] = await runReal(page, 'pdf-compressor');
  expect(name).toBe('compressed-report.pdf');
  const { bytes } = await downloadResult(page, name);

  expect(bytes.length).toBeLessThan(input.length / 2);
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(2);
  // 1200 px drawn 300 pt wide is 288 dpi; medium brings it to 150 dpi (625 px), still one image per page.
  // pdf-lib rounds the height to 469, Ghostscript to 468: either engine's result may be the smaller one.
  for (const images of doc.getPages().map(pageImages)) expect(images).toEqual([expect.stringMatching(/^625x46[89]$/)]);
  const texts = await pdfPageTexts(bytes);
  expect(texts[0]).toContain('Annual report page 1');
  expect(texts[1]).toContain('Annual report page 2');

  const card = page.locator('.result-card');
  const fact = (label: string) => card.locator('dl.result-meta > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  await expect(fact('Original size')).toHaveText(formatBytes(input.length));
  await expect(fact('Compressed size')).toHaveText(formatBytes(bytes.length));
  const saved = Math.round((100 * (input.length - bytes.length)) / input.length);
  await expect(fact('Saved')).toHaveText(new RegExp(`^(${saved - 1}|${saved}|${saved + 1})%$`));
  await expect(card.getByTestId('result-size')).toHaveText(formatBytes(bytes.length));
  // Ghostscript, served by the site and loaded in the worker, gives the smaller file here.
  await expect(fact('Engine')).toHaveText('Ghostscript');
});

test('pdf-compressor: a small text PDF is handed back unchanged with the "already optimised" notice', async ({ page }) => {
  await openReal(page, 'pdf-compressor');
  const input = await textPdf([['Hello']]);
  await page.getByTestId('file-input').setInputFiles(upload('tiny.pdf', PDF, input));
  const [name] = await runReal(page, 'pdf-compressor');
  await expect(toast(page, 'Info').locator('.toast-message')).toHaveText(KEPT_NOTICE);
  const { bytes } = await downloadResult(page, name);
  expect(Buffer.compare(bytes, input)).toBe(0);
});

test('pdf-compressor: a target size the text cannot fit keeps the smallest file and warns with its size', async ({ page }) => {
  test.slow();
  await openReal(page, 'pdf-compressor');
  // 150 pages of random letters: about 90 KB at best, since text is never turned into pictures.
  let state = 5;
  const letters = () => Array.from({ length: 45 }, () => String.fromCharCode(97 + ((state = (state * 1103515245 + 12345) & 0x7fffffff) % 26))).join('');
  const input = await textPdf(Array.from({ length: 150 }, () => Array.from({ length: 14 }, letters)));
  await page.getByTestId('file-input').setInputFiles(upload('letters.pdf', PDF, input));
  await page.getByRole('switch', { name: 'Compress to a target size' }).click();
  // The level is replaced by the size while the switch is on.
  await expect(page.getByRole('radio', { name: 'Medium (balanced)' })).toHaveCount(0);
  await page.getByLabel('Target size', { exact: true }).fill('0.05');
  const [name] = await runReal(page, 'pdf-compressor');
  const { bytes } = await downloadResult(page, name);
  expect(bytes.length).toBeGreaterThan(0.05 * 1048576);
  expect(bytes.length).toBeLessThan(input.length);
  await expect(toast(page, 'Warning').locator('.toast-message')).toHaveText(
    `This PDF cannot be made as small as 51.2 KB without turning its text into pictures. The smallest file that keeps the text is ${formatBytes(bytes.length)}.`,
  );
  expect(await pdfPageTexts(bytes)).toEqual(await pdfPageTexts(input));
});

test('pdf-to-word: the .docx holds the paragraphs of both pages in order', async ({ page }) => {
  await openReal(page, 'pdf-to-word');
  const input = await textPdf([
    ['The first paragraph starts here.'],
    ['Second page text with numbers 12345.'],
  ]);
  await page.getByTestId('file-input').setInputFiles(upload('letter.pdf', PDF, input));
  const [name] = await runReal(page, 'pdf-to-word');
  expect(name).toBe('letter.docx');
  const { bytes } = await downloadResult(page, name);
  const entries = zipEntries(bytes);
  expect(Object.keys(entries)).toContain('[Content_Types].xml');
  const xml = strFromU8(entries['word/document.xml']);
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((m) => [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''))
    .filter((text) => text.trim() !== '');
  expect(paragraphs).toEqual(['The first paragraph starts here.', 'Second page text with numbers 12345.']);
});

test('jpg-to-pdf: two JPEGs make two A4 pages, each with its image', async ({ page }) => {
  await openReal(page, 'jpg-to-pdf');
  await page.getByTestId('file-input').setInputFiles([
    upload('first.jpg', 'image/jpeg', solidJpeg(300, 400, [200, 30, 30])),
    upload('second.jpeg', 'image/jpeg', solidJpeg(240, 320, [30, 30, 200])),
  ]);
  const [name] = await runReal(page, 'jpg-to-pdf');
  expect(name).toBe('first.pdf');
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('2 JPG image(s) converted to PDF successfully!');
  const doc = await PDFDocument.load((await downloadResult(page, name)).bytes);
  expect(pageSizes(doc)).toEqual([A4_PORTRAIT, A4_PORTRAIT]);
  expect(doc.getPages().map(pageImages)).toEqual([['300x400'], ['240x320']]);
});

test('png-to-pdf: two PNGs make two A4 pages, each with its image', async ({ page }) => {
  await openReal(page, 'png-to-pdf');
  await page.getByTestId('file-input').setInputFiles([
    upload('one.png', 'image/png', solidPng(120, 160, [0, 160, 0])),
    upload('two.png', 'image/png', solidPng(90, 200, [0, 0, 160])),
  ]);
  const [name] = await runReal(page, 'png-to-pdf');
  expect(name).toBe('one.pdf');
  const doc = await PDFDocument.load((await downloadResult(page, name)).bytes);
  expect(pageSizes(doc)).toEqual([A4_PORTRAIT, A4_PORTRAIT]);
  expect(doc.getPages().map(pageImages)).toEqual([['120x160'], ['90x200']]);
});

test('gif-to-pdf: every frame of an animated GIF becomes a landscape A4 page', async ({ page }) => {
  await openReal(page, 'gif-to-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('anim.gif', 'image/gif', fixture('pdf-build/two-frames.gif')));
  await page.getByRole('radio', { name: 'Every frame as a page' }).click();
  const [name] = await runReal(page, 'gif-to-pdf');
  expect(name).toBe('anim.pdf');
  const doc = await PDFDocument.load((await downloadResult(page, name)).bytes);
  // 40 x 20 px frames are wide, so automatic orientation picks landscape.
  expect(pageSizes(doc)).toEqual([
    [842, 595],
    [842, 595],
  ]);
  expect(doc.getPages().map((p) => pageImages(p).filter((size) => size === '40x20').length)).toEqual([1, 1]);
});

test('create-pdf: Greek and Cyrillic text comes back out of the PDF', async ({ page }) => {
  await openReal(page, 'create-pdf');
  const text = 'Καλημέρα κόσμε\nПривет, мир\nPlain English line';
  await page.getByLabel('Text', { exact: true }).fill(text);
  const [name] = await runReal(page, 'create-pdf');
  expect(name).toMatch(/^document-\d+\.pdf$/);
  const { bytes } = await downloadResult(page, name);
  const doc = await PDFDocument.load(bytes);
  expect(pageSizes(doc)).toEqual([A4_PORTRAIT]);
  const pageText = (await pdfPageTexts(bytes)).join('\n');
  for (const line of text.split('\n')) expect(pageText).toContain(line);
});

test('pdf-to-jpg: two pages at 72 dpi give two JPEGs of the page size, also as a ZIP', async ({ page }) => {
  await openReal(page, 'pdf-to-jpg');
  await page.getByTestId('file-input').setInputFiles(upload('pages.pdf', PDF, await makePdf([200, 144], 'Pages')));
  await page.getByLabel('Resolution').selectOption('72');
  const names = await runReal(page, 'pdf-to-jpg', 2);
  expect(names).toEqual(['pages-page-1.jpg', 'pages-page-2.jpg']);
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('PDF converted to 2 JPG image(s) successfully!');
  // makePdf pages are 400 pt tall; at 72 dpi one point is one pixel.
  expect(jpegSize((await downloadResult(page, names[0])).bytes)).toEqual({ width: 200, height: 400 });

  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^pdf-to-jpg-\d+\.zip$/);
  const entries = zipEntries(await readFile(await zip.path()));
  expect(Object.keys(entries).sort()).toEqual(names);
  expect(jpegSize(entries['pages-page-1.jpg'])).toEqual({ width: 200, height: 400 });
  expect(jpegSize(entries['pages-page-2.jpg'])).toEqual({ width: 144, height: 400 });
});

test('word-to-pdf: the heading and paragraphs of a .docx are in the PDF', async ({ page }) => {
  await openReal(page, 'word-to-pdf');
  const docx = await docxFile('Meeting notes', ['Attendees arrived at nine.', 'Budget approved unanimously.', 'Next meeting in June.']);
  await page
    .getByTestId('file-input')
    .setInputFiles(upload('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx));
  const [name] = await runReal(page, 'word-to-pdf');
  expect(name).toBe('notes.pdf');
  const { bytes } = await downloadResult(page, name);
  const text = (await pdfPageTexts(bytes)).join('\n');
  const order = ['Meeting notes', 'Attendees arrived at nine.', 'Budget approved unanimously.', 'Next meeting in June.'].map((t) => text.indexOf(t));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test('unlock-pdf: a wrong password is refused, then the right one gives a PDF that opens without it', async ({ page }) => {
  await openReal(page, 'unlock-pdf');
  const locked = fixture('encrypted.pdf');
  await page.getByTestId('file-input').setInputFiles(upload('locked.pdf', PDF, locked));
  const password = page.getByLabel('PDF password', { exact: true });
  await password.fill('not-the-password');
  await runExpectingError(page, 'unlock-pdf', 'The password is incorrect.');

  await dismissToasts(page);
  await password.fill(LOCKED_PASSWORD);
  const [name] = await runReal(page, 'unlock-pdf');
  expect(name).toBe('unlocked-locked.pdf');
  const { bytes } = await downloadResult(page, name);
  const doc = await PDFDocument.load(bytes);
  expect(doc.isEncrypted).toBe(false);
  expect(doc.getPageCount()).toBe(1);
  expect(bytes.toString('latin1')).not.toContain('/Encrypt');
  expect(await pdfPageTexts(bytes)).toEqual(['Secret']);
});

test('protect-pdf: needs 6 characters, and the result opens only with the password', async ({ page }) => {
  await openReal(page, 'protect-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('plain.pdf', PDF, await textPdf([['Confidential figures']])));
  const action = page.getByRole('button', { name: manifest('protect-pdf').action.label, exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('12345');
  await expect(action).toBeDisabled();
  await password.fill('secret123');
  await expect(action).toBeEnabled();
  const [name] = await runReal(page, 'protect-pdf');
  expect(name).toBe('protected-plain.pdf');
  const { bytes } = await downloadResult(page, name);

  await expect(PDFDocument.load(bytes)).rejects.toThrow(/encrypted/i);
  await expect(pdfPageTexts(bytes)).rejects.toMatchObject({ name: 'PasswordException' });
  await expect(pdfPageTexts(bytes, 'wrong-pass')).rejects.toMatchObject({ name: 'PasswordException' });
  expect(await pdfPageTexts(bytes, 'secret123')).toEqual(['Confidential figures']);
});

test('extract-text-from-pdf: the .txt has each page text under its page header', async ({ page }) => {
  await openReal(page, 'extract-text-from-pdf');
  const input = await textPdf([['Alpha line one', 'Alpha line two'], ['Beta on page two']]);
  await page.getByTestId('file-input').setInputFiles(upload('two.pdf', PDF, input));
  const [name] = await runReal(page, 'extract-text-from-pdf');
  expect(name).toBe('two.txt');
  const text = (await downloadResult(page, name)).bytes.toString('utf8');
  const first = text.indexOf('--- Page 1 ---');
  const second = text.indexOf('--- Page 2 ---');
  expect(first).toBeGreaterThanOrEqual(0);
  expect(second).toBeGreaterThan(first);
  const [one, two] = [text.slice(first, second), text.slice(second)];
  expect(one).toMatch(/Alpha line one\s+Alpha line two/);
  expect(two).toContain('Beta on page two');
  expect(one).not.toContain('Beta');
});

test('pdf-to-excel: the table comes back in cells, numbers as numbers and IDs as text', async ({ page }) => {
  await openReal(page, 'pdf-to-excel');
  await page.getByTestId('file-input').setInputFiles(upload('figures.pdf', PDF, await tablePdf()));
  const [name] = await runReal(page, 'pdf-to-excel');
  expect(name).toBe('figures.xlsx');
  const { bytes } = await downloadResult(page, name);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Page 1']);
  const sheet = book.worksheets[0];
  expect(sheet.getCell('A1').value).toBe('Quarterly figures');
  TABLE.forEach((row, r) => expect(sheet.getCell(r + 2, 1).value).toBe(row[0]));
  expect(sheet.getCell('B2').value).toBe('Code');
  expect(sheet.getCell('C2').value).toBe('Amount');
  expect(sheet.getCell('B3').value).toBe('007');
  expect(sheet.getCell('C3').value).toBe(1234.5);
  expect(sheet.getCell('B4').value).toBe(42);
  expect(sheet.getCell('C4').value).toBe(-12);
});

test('pdf-to-powerpoint: one slide per page, with the page text on its slide', async ({ page }) => {
  await openReal(page, 'pdf-to-powerpoint');
  const input = await textPdf([['Opening slide'], ['Revenue grew'], ['Thank you all']]);
  await page.getByTestId('file-input').setInputFiles(upload('deck.pdf', PDF, input));
  const [name] = await runReal(page, 'pdf-to-powerpoint');
  expect(name).toBe('deck.pptx');
  const entries = zipEntries((await downloadResult(page, name)).bytes);
  const slides = Object.keys(entries).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).sort();
  expect(slides).toEqual(['ppt/slides/slide1.xml', 'ppt/slides/slide2.xml', 'ppt/slides/slide3.xml']);
  const slideText = (path: string) => [...strFromU8(entries[path]).matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' ');
  expect(slideText(slides[0])).toContain('Opening slide');
  expect(slideText(slides[1])).toContain('Revenue grew');
  expect(slideText(slides[2])).toContain('Thank you all');
  // Each slide also carries the rendered page as a picture.
  expect(Object.keys(entries).filter((f) => f.startsWith('ppt/media/')).length).toBeGreaterThanOrEqual(3);
});

test('epub-to-pdf: chapters come out in spine order, each on its own page', async ({ page }) => {
  await openReal(page, 'epub-to-pdf');
  const epub = epubFile('Short Tales', [
    { title: 'Chapter One', text: 'The fox woke early.' },
    { title: 'Chapter Two', text: 'It crossed the river.' },
    { title: 'Chapter Three', text: 'Home before dark.' },
  ]);
  await page.getByTestId('file-input').setInputFiles(upload('tales.epub', 'application/epub+zip', epub));
  const [name] = await runReal(page, 'epub-to-pdf');
  expect(name).toBe('tales.pdf');
  const texts = await pdfPageTexts((await downloadResult(page, name)).bytes);
  expect(texts).toHaveLength(3);
  expect(texts[0]).toMatch(/Chapter One[\s\S]*The fox woke early\./);
  expect(texts[1]).toMatch(/Chapter Two[\s\S]*It crossed the river\./);
  expect(texts[2]).toMatch(/Chapter Three[\s\S]*Home before dark\./);
});

test('crop-pdf: trim inputs set the CropBox of every page', async ({ page }) => {
  await openReal(page, 'crop-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('doc.pdf', PDF, await makePdf([400, 400], 'Crop')));
  await expect(page.getByTestId('crop-page')).toHaveText('Page 1 of 2');
  await page.getByLabel('Trim top (%)').fill('10');
  await page.getByLabel('Trim right (%)').fill('20');
  await page.getByLabel('Trim bottom (%)').fill('25');
  await page.getByLabel('Trim left (%)').fill('5');
  const [name] = await runReal(page, 'crop-pdf');
  expect(name).toBe('cropped-doc.pdf');
  const doc = await PDFDocument.load((await downloadResult(page, name)).bytes);
  // makePdf pages are 400 x 400 pt; the box keeps x 5%..80% and y 25%..90% from the bottom.
  for (const p of doc.getPages()) {
    const box = p.getCropBox();
    expect([box.x, box.y, box.width, box.height].map((v) => Math.round(v))).toEqual([20, 100, 300, 260]);
    expect(p.getMediaBox()).toMatchObject({ x: 0, y: 0, width: 400, height: 400 });
  }
});

test('unlock-pdf: a PDF that opens without a password loses its restrictions with the password field left empty', async ({ page }) => {
  await openReal(page, 'unlock-pdf');
  const restricted = await restrictedPdf(await textPdf([['Restricted page one'], ['Restricted page two']]));
  await expect(PDFDocument.load(restricted)).rejects.toThrow(/encrypted/);
  await page.getByTestId('file-input').setInputFiles(upload('restricted.pdf', PDF, restricted));
  await expect(page.getByLabel('PDF password', { exact: true })).toHaveValue('');
  const [name] = await runReal(page, 'unlock-pdf');
  expect(name).toBe('unlocked-restricted.pdf');
  await expect(toast(page, 'Info')).toContainText('Restrictions removed: this PDF opened without a password, so none was needed.');
  const { bytes } = await downloadResult(page, name);
  expect(bytes.toString('latin1')).not.toContain('/Encrypt');
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  expect(await pdfPageTexts(bytes)).toEqual(['Restricted page one', 'Restricted page two']);
});

test('split-pdf: a PDF that opens without a password but forbids changes is split, and the part keeps its owner restrictions', async ({ page }) => {
  await openReal(page, 'split-pdf');
  const restricted = await restrictedPdf(await textPdf([['Part A'], ['Part B'], ['Part C']]));
  await page.getByTestId('file-input').setInputFiles(upload('restricted.pdf', PDF, restricted));
  await expect(page.getByTestId('page-count')).toHaveText('This PDF has 3 pages.');
  await page.getByRole('textbox', { name: 'Page ranges' }).fill('2-3');
  const [name] = await runReal(page, 'split-pdf');
  await expect(page.getByTestId('result-note')).toHaveText("Kept the owner's restrictions: printing and editing stay off, as in the original.");
  const { bytes } = await downloadResult(page, name);
  expect(bytes.toString('latin1')).toContain('/Encrypt');
  expect(await pdfPageTexts(bytes)).toEqual(['Part B', 'Part C']);
});

test('merge-pdf: a password-protected file gives the unlock message and link, then merging the others works', async ({ page }) => {
  await openReal(page, 'merge-pdf');
  const input = page.getByTestId('file-input');
  await input.setInputFiles([upload('good.pdf', PDF, await makePdf([210], 'Good')), upload('locked.pdf', PDF, fixture('encrypted.pdf'))]);
  // The preview already says so when the file is chosen.
  await expect(errorToasts(page).first()).toBeVisible();
  await dismissToasts(page);

  const error = await runExpectingError(page, 'merge-pdf', ENCRYPTED_MESSAGE);
  const link = error.getByRole('link');
  await expect(link).toHaveAttribute('href', '/tools/unlock-pdf');
  await expect(link).toHaveText('Open Unlock PDF');

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Remove locked.pdf' }).click();
  await input.setInputFiles(upload('other.pdf', PDF, await makePdf([220, 230], 'Other')));
  const [name] = await runReal(page, 'merge-pdf');
  const merged = await PDFDocument.load((await downloadResult(page, name)).bytes);
  expect(pageSizes(merged).map(([w]) => w)).toEqual([210, 220, 230]);
});

test('split-pdf: a password-protected file is refused with the unlock message and link', async ({ page }) => {
  await openReal(page, 'split-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('locked.pdf', PDF, fixture('encrypted.pdf')));
  const error = errorToasts(page);
  await expect(error.locator('.toast-message')).toHaveText(ENCRYPTED_MESSAGE);
  await expect(error.getByRole('link')).toHaveAttribute('href', '/tools/unlock-pdf');

  await dismissToasts(page);
  await page.getByTestId('file-input').setInputFiles(upload('doc.pdf', PDF, await makePdf([200, 210], 'Doc')));
  await expect(page.getByTestId('page-count')).toHaveText('This PDF has 2 pages.');
  await page.getByRole('textbox', { name: 'Page ranges' }).fill('2');
  const [name] = await runReal(page, 'split-pdf');
  const part = await PDFDocument.load((await downloadResult(page, name)).bytes);
  expect(pageSizes(part).map(([w]) => w)).toEqual([210]);
});

test('a text file renamed .pdf is refused by name, then a real PDF compresses', async ({ page }) => {
  test.slow();
  await openReal(page, 'pdf-compressor');
  const input = page.getByTestId('file-input');
  await input.setInputFiles(upload('notes.pdf', PDF, Buffer.from('Shopping list: eggs, milk, bread.\n')));
  await runExpectingError(page, 'pdf-compressor', 'The file notes.pdf is not a PDF. Please choose a PDF file.');

  await dismissToasts(page);
  await input.setInputFiles(upload('real.pdf', PDF, await imageHeavyPdf(1, 'Recovered')));
  const [name] = await runReal(page, 'pdf-compressor');
  expect(name).toBe('compressed-real.pdf');
  const { bytes } = await downloadResult(page, name);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  expect((await pdfPageTexts(bytes))[0]).toContain('Recovered page 1');
});

test('a text file renamed .pdf is refused by name in a pdf.js tool too, then a real PDF converts', async ({ page }) => {
  await openReal(page, 'extract-text-from-pdf');
  const input = page.getByTestId('file-input');
  await input.setInputFiles(upload('fake.pdf', PDF, Buffer.from('<html>not a pdf</html>')));
  await runExpectingError(page, 'extract-text-from-pdf', 'The file fake.pdf is not a PDF. Please choose a PDF file.');

  await dismissToasts(page);
  await input.setInputFiles(upload('real.pdf', PDF, await textPdf([['Readable again']])));
  const [name] = await runReal(page, 'extract-text-from-pdf');
  expect((await downloadResult(page, name)).bytes.toString('utf8')).toContain('Readable again');
});
