// @vitest-environment jsdom
/**
 * The PDF tools that run on the generic tool page, exercised through their
 * real manifests in demo mode: no-file and download-first messages, the exact
 * simulated delay, output names and sizes, the success toasts and each tool's
 * own rules (compression levels, passwords, translator languages, page limits).
 * The expected values are written from the specification, not read from the
 * manifests.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock } from 'vitest';
import { toastTexts } from './support/components';
import {
  actionButton,
  advance,
  captureDownloads,
  choose,
  endDemo,
  expectResultsAtExactly,
  fileOf,
  flush,
  manifestOf,
  MB,
  press,
  renderRun,
  renderTool,
  resultNames,
  startDemo,
  submitForm,
} from './support/tool-page';

const PDF = 'application/pdf';

interface PdfCase {
  slug: string;
  input: [name: string, type: string];
  /** Simulated delay in ms (spec section 9, or the value chosen where it says "not shown"). */
  delay: number;
  /** Output size as a fraction of the input size. */
  factor: number;
  output: string;
  noFile: string;
  downloadFirst: string;
  success: string;
  /** A field to fill before the tool can run: [label, value]. */
  fill?: [string, string];
}

const CASES: PdfCase[] = [
  { slug: 'pdf-compressor', input: ['report.pdf', PDF], delay: 2000, factor: 0.5, output: 'compressed-report.pdf',
    noFile: 'Please upload a PDF file to compress.', downloadFirst: 'Please compress a PDF file first.',
    success: 'PDF compressed successfully! (mock operation)' },
  { slug: 'pdf-to-word', input: ['report.pdf', PDF], delay: 3000, factor: 0.8, output: 'report.docx',
    noFile: 'Please upload a PDF file to convert.', downloadFirst: 'Please convert a PDF file first.',
    success: 'PDF converted to Word successfully! (mock operation)' },
  { slug: 'jpg-to-pdf', input: ['photo.jpg', 'image/jpeg'], delay: 2000, factor: 0.7, output: 'photo.pdf',
    noFile: 'Please upload JPG image(s) to convert.', downloadFirst: 'Please convert JPG images first.',
    success: '1 JPG image(s) converted to PDF successfully! (mock operation)' },
  { slug: 'pdf-to-jpg', input: ['report.pdf', PDF], delay: 2500, factor: 1.2, output: 'report-page-1.jpg',
    noFile: 'Please upload a PDF file to convert.', downloadFirst: 'Please convert a PDF file first.',
    success: 'PDF converted to JPG successfully! (mock operation)' },
  { slug: 'word-to-pdf', input: ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    delay: 2500, factor: 1.2, output: 'letter.pdf',
    noFile: 'Please upload a Word document to convert.', downloadFirst: 'Please convert a Word document first.',
    success: 'Word document converted to PDF successfully! (mock operation)' },
  { slug: 'unlock-pdf', input: ['locked.pdf', PDF], delay: 2000, factor: 1, output: 'unlocked-locked.pdf',
    noFile: 'Please upload a PDF file to unlock.', downloadFirst: 'Please unlock a PDF file first.',
    success: 'PDF unlocked successfully! (mock operation)', fill: ['PDF password', 'open sesame'] },
  { slug: 'pdf-translator', input: ['report.pdf', PDF], delay: 3000, factor: 1.05, output: 'report-es.pdf',
    noFile: 'Please upload a PDF file to translate.', downloadFirst: 'Please translate a PDF file first.',
    success: 'PDF translated successfully! (mock operation)' },
  { slug: 'esign-pdf', input: ['contract.pdf', PDF], delay: 2500, factor: 1.02, output: 'signed-contract.pdf',
    noFile: 'Please upload a PDF file to sign.', downloadFirst: 'Please sign a PDF file first.',
    success: 'PDF signed successfully! (mock operation)' },
  { slug: 'protect-pdf', input: ['report.pdf', PDF], delay: 2000, factor: 1, output: 'protected-report.pdf',
    noFile: 'Please upload a PDF file to protect.', downloadFirst: 'Please protect a PDF file first.',
    success: 'PDF protected successfully! (mock operation)', fill: ['Password', 'secret'] },
  { slug: 'extract-text-from-pdf', input: ['report.pdf', PDF], delay: 2000, factor: 0.1, output: 'report.txt',
    noFile: 'Please upload a PDF file to extract text from.', downloadFirst: 'Please extract text from a PDF file first.',
    success: 'Text extracted successfully! (mock operation)' },
  { slug: 'pdf-to-excel', input: ['table.pdf', PDF], delay: 2500, factor: 0.6, output: 'table.xlsx',
    noFile: 'Please upload a PDF file to convert.', downloadFirst: 'Please convert a PDF file first.',
    success: 'PDF converted to Excel successfully! (mock operation)' },
  { slug: 'pdf-to-powerpoint', input: ['slides.pdf', PDF], delay: 3000, factor: 0.8, output: 'slides.pptx',
    noFile: 'Please upload a PDF file to convert.', downloadFirst: 'Please convert a PDF file first.',
    success: 'PDF converted to PowerPoint successfully! (mock operation)' },
  { slug: 'png-to-pdf', input: ['shot.png', 'image/png'], delay: 2000, factor: 0.7, output: 'shot.pdf',
    noFile: 'Please upload PNG image(s) to convert.', downloadFirst: 'Please convert PNG images first.',
    success: '1 PNG image(s) converted to PDF successfully! (mock operation)' },
  { slug: 'epub-to-pdf', input: ['novel.epub', 'application/epub+zip'], delay: 3000, factor: 0.9, output: 'novel.pdf',
    noFile: 'Please upload an EPUB file to convert.', downloadFirst: 'Please convert an EPUB file first.',
    success: 'EPUB converted to PDF successfully! (mock operation)' },
  { slug: 'edit-pdf', input: ['form.pdf', PDF], delay: 2500, factor: 1.1, output: 'edited-form.pdf',
    noFile: 'Please upload a PDF file to edit.', downloadFirst: 'Please edit a PDF file first.',
    success: 'PDF edited successfully! (mock operation)' },
  { slug: 'gif-to-pdf', input: ['anim.gif', 'image/gif'], delay: 2000, factor: 0.5, output: 'anim.pdf',
    noFile: 'Please upload a GIF file to convert.', downloadFirst: 'Please convert a GIF file first.',
    success: 'GIF converted to PDF successfully! (mock operation)' },
];

const INPUT_BYTES = 10000;

async function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await flush();
}

describe('PDF tool pages in demo mode (real manifests)', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  // Tools with a bespoke view (eSign, Edit) are exercised by their view tests; the engine rules below still apply.
  describe.each(CASES.filter((c) => !manifestOf(c.slug).view).map((c) => [c.slug, c] as const))('%s', (slug, c) => {
    it(`with no file the button is disabled and a submit says "${c.noFile}"`, async () => {
      const manifest = renderTool(slug);
      expect(actionButton(manifest)).toBeDisabled();
      await submitForm();
      expect(toastTexts()).toEqual([`Error: ${c.noFile}`]);
    });

    it(`shows ${c.output} at exactly ${c.delay} ms, ${c.factor} x the input, then "${c.success}"`, async () => {
      const downloads = captureDownloads();
      const manifest = renderTool(slug);
      await choose([fileOf(c.input[0], INPUT_BYTES, c.input[1])]);
      expect(screen.getByText(c.input[0])).toBeInTheDocument();
      if (c.fill) await fill(...c.fill);
      await press(manifest);
      await expectResultsAtExactly(manifest, c.delay);
      expect(resultNames()).toEqual([c.output]);
      expect(toastTexts()).toEqual([`Success: ${c.success}`]);
      fireEvent.click(screen.getByRole('button', { name: `Download ${c.output}` }));
      expect(downloads).toEqual([c.output]);
      const blob = (URL.createObjectURL as Mock).mock.calls[0][0] as Blob;
      expect(blob.size).toBe(Math.round(c.factor * INPUT_BYTES));
    });

    it('refuses a file of another type with the Invalid file type toast', async () => {
      renderTool(slug);
      await choose([fileOf('notes.txt', 10, 'text/plain')]);
      expect(toastTexts()).toEqual(['Invalid file type: The file notes.txt is not a supported file type.']);
      expect(screen.queryByText('notes.txt')).toBeNull();
    });
  });

  it.each(CASES.map((c) => [c.slug, c.downloadFirst] as const))('%s refuses a download before processing with "%s"', (slug, message) => {
    const { result } = renderRun(slug);
    act(() => result.current.download());
    expect(toastTexts()).toEqual([`Error: ${message}`]);
  });
});

describe('PDF compressor levels (low 0.8, medium 0.5, high 0.3; saved = 100 - percent)', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it.each([
    ['Low (best quality)', 8000, '20%'],
    ['Medium (balanced)', 5000, '50%'],
    ['High (smallest file)', 3000, '70%'],
  ])('%s gives %i bytes from 10000 and shows Saved %s', async (label, bytes, saved) => {
    captureDownloads();
    const manifest = renderTool('pdf-compressor');
    await choose([fileOf('big.pdf', 10000, PDF)]);
    expect(screen.getByRole('radio', { name: 'Medium (balanced)' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: label }));
    await flush();
    expect(screen.getByRole('radio', { name: label })).toBeChecked();
    await press(manifest);
    await advance(2000);
    expect(resultNames()).toEqual(['compressed-big.pdf']);
    const meta = screen.getByText('Saved').closest('div')!;
    expect(within(meta).getByText(saved)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download compressed-big.pdf' }));
    expect(((URL.createObjectURL as Mock).mock.calls[0][0] as Blob).size).toBe(bytes);
  });

  it('accepts one PDF of exactly 20 MB and refuses one byte more with "Maximum size is 20MB."', async () => {
    renderTool('pdf-compressor');
    await choose([fileOf('over.pdf', 20 * MB + 1, PDF)]);
    expect(toastTexts()).toEqual(['File too large: The file over.pdf is too large. Maximum size is 20MB.']);
    expect(screen.queryByText('over.pdf')).toBeNull();
    await choose([fileOf('limit.pdf', 20 * MB, PDF)]);
    expect(screen.getByText('limit.pdf')).toBeInTheDocument();
  });
});

describe('Protect PDF password rules', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('disables the button at 5 characters and enables it at 6', async () => {
    const manifest = renderTool('protect-pdf');
    await choose([fileOf('a.pdf', 100, PDF)]);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(actionButton(manifest)).toBeDisabled();
    await fill('Password', '12345');
    expect(actionButton(manifest)).toBeDisabled();
    await fill('Password', '123456');
    expect(actionButton(manifest)).toBeEnabled();
  });

  it('says "Please enter a password to protect the PDF." for a blank password', async () => {
    const manifest = renderTool('protect-pdf');
    await choose([fileOf('a.pdf', 100, PDF)]);
    await submitForm();
    expect(toastTexts()).toEqual(['Error: Please enter a password to protect the PDF.']);
    expect(screen.queryByRole('button', { name: new RegExp(manifest.action.busyLabel) })).toBeNull();
  });

  it('says "Password must be at least 6 characters long." for 5 characters and does not run', async () => {
    renderTool('protect-pdf');
    await choose([fileOf('a.pdf', 100, PDF)]);
    await fill('Password', 'abcde');
    await submitForm();
    expect(toastTexts()).toContain('Error: Password must be at least 6 characters long.');
    await advance(2000);
    expect(resultNames()).toEqual([]);
  });
});

describe('Unlock PDF', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('requires the current password: "Please enter the PDF password."', async () => {
    const manifest = renderTool('unlock-pdf');
    expect(screen.getByText(/You need the PDF's current password/)).toBeInTheDocument();
    await choose([fileOf('locked.pdf', 100, PDF)]);
    expect(screen.getByLabelText('PDF password')).toHaveAttribute('type', 'password');
    await press(manifest);
    expect(toastTexts()).toEqual(['Error: Please enter the PDF password.']);
    await advance(2000);
    expect(resultNames()).toEqual([]);
  });
});

describe('PDF translator options', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('offers exactly en English, es Spanish, fr French, de German, ja Japanese, zh Chinese with es chosen', async () => {
    renderTool('pdf-translator');
    await choose([fileOf('a.pdf', 100, PDF)]);
    const select = screen.getByLabelText('Target language') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'], ['es', 'Spanish'], ['fr', 'French'], ['de', 'German'], ['ja', 'Japanese'], ['zh', 'Chinese'],
    ]);
    expect(select.value).toBe('es');
  });

  it('marks Maintain original layout with the beta note', async () => {
    renderTool('pdf-translator');
    await choose([fileOf('a.pdf', 100, PDF)]);
    const toggle = screen.getByLabelText('Maintain original layout');
    const note = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toMatch(/^Beta: /);
  });

  it('names the result after the chosen language and sizes it 1.05 x the input', async () => {
    captureDownloads();
    const manifest = renderTool('pdf-translator');
    await choose([fileOf('guide.pdf', 2000, PDF)]);
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'fr' } });
    await flush();
    await press(manifest);
    await advance(3000);
    expect(resultNames()).toEqual(['guide-fr.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Download guide-fr.pdf' }));
    expect(((URL.createObjectURL as Mock).mock.calls[0][0] as Blob).size).toBe(2100);
  });
});

describe('JPG to PDF and PNG to PDF', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('combines up to 10 JPGs into one PDF of 0.7 x the total', async () => {
    captureDownloads();
    const manifest = renderTool('jpg-to-pdf');
    await choose([fileOf('a.jpg', 1000, 'image/jpeg'), fileOf('b.jpeg', 2000, 'image/jpeg'), fileOf('c.jpg', 3000, 'image/jpeg')]);
    await press(manifest);
    await expectResultsAtExactly(manifest, 2000);
    expect(resultNames()).toEqual(['a.pdf']);
    expect(toastTexts()).toEqual(['Success: 3 JPG image(s) converted to PDF successfully! (mock operation)']);
    fireEvent.click(screen.getByRole('button', { name: 'Download a.pdf' }));
    expect(((URL.createObjectURL as Mock).mock.calls[0][0] as Blob).size).toBe(4200);
  });

  it('refuses an 11th JPG with "You can only upload a maximum of 10 files." and a 10 MB + 1 B file', async () => {
    renderTool('jpg-to-pdf');
    const eleven = Array.from({ length: 11 }, (_, i) => fileOf(`p${i + 1}.jpg`, 10, 'image/jpeg'));
    await choose(eleven);
    expect(toastTexts()).toContain('Too many files: You can only upload a maximum of 10 files.');
    await choose([fileOf('huge.jpg', 10 * MB + 1, 'image/jpeg')]);
    expect(toastTexts()).toContain('File too large: The file huge.jpg is too large. Maximum size is 10MB.');
  });

  it('combines PNGs: "2 PNG image(s) converted to PDF successfully! (mock operation)"', async () => {
    const manifest = renderTool('png-to-pdf');
    await choose([fileOf('a.png', 500, 'image/png'), fileOf('b.png', 500, 'image/png')]);
    await press(manifest);
    await advance(2000);
    expect(resultNames()).toEqual(['a.pdf']);
    expect(toastTexts()).toEqual(['Success: 2 PNG image(s) converted to PDF successfully! (mock operation)']);
  });
});

describe('Word to PDF', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('accepts .doc as well as .docx, and refuses a PDF', async () => {
    renderTool('word-to-pdf');
    await choose([fileOf('old.doc', 100, 'application/msword')]);
    expect(screen.getByText('old.doc')).toBeInTheDocument();
    await choose([fileOf('file.pdf', 100, PDF)]);
    expect(toastTexts()).toEqual(['Invalid file type: The file file.pdf is not a supported file type.']);
  });

  it('converts old.doc to old.pdf', async () => {
    const manifest = renderTool('word-to-pdf');
    await choose([fileOf('old.DOC', 100, 'application/msword')]);
    await press(manifest);
    await advance(2500);
    expect(resultNames()).toEqual(['old.pdf']);
  });

  it('says on a demo download that the full version would download the converted file', async () => {
    captureDownloads();
    const manifest = renderTool('word-to-pdf');
    await choose([fileOf('letter.docx', 100, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')]);
    await press(manifest);
    await advance(2500);
    fireEvent.click(screen.getByRole('button', { name: 'Download letter.pdf' }));
    expect(toastTexts()).toContain(
      'Information: This is a demo version. In the full version, the converted PDF file would be downloaded.',
    );
  });
});

describe('Create PDF field messages', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('Create PDF refuses a font size outside 8 to 32 pt, then creates with "PDF created successfully! (mock operation)"', async () => {
    const manifest = renderTool('create-pdf');
    await fill('Text', 'Hello');
    await fill('Font size', '33');
    await press(manifest);
    expect(toastTexts()).toEqual(['Error: Please choose a font size from 8 to 32 pt.']);
    await fill('Font size', '12');
    await press(manifest);
    await expectResultsAtExactly(manifest, 1500);
    expect(toastTexts()).toContain('Success: PDF created successfully! (mock operation)');
  });

  it('Create PDF refuses a download before creating: "Please create a PDF first."', () => {
    const { result } = renderRun('create-pdf');
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please create a PDF first.']);
  });
});
