// @vitest-environment jsdom
/**
 * Add Page Numbers and Add Watermark on the generic tool page, through their
 * real manifests in demo mode: messages, the simulated delay, names and
 * sizes of several files at once, and the fields' own messages. Rotate PDF's
 * page is tested with its view (src/views/rotate-pdf.test.tsx).
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock } from 'vitest';
import { toastTexts } from './support/components';
import { actionButton, captureDownloads, choose, endDemo, expectResultsAtExactly, fileOf, flush, press, renderRun, renderTool, resultNames, startDemo, submitForm } from './support/tool-page';

const PDF = 'application/pdf';

/** Unmounts before demo mode ends: a page left mounted would turn real and open its made-up PDF for thumbnails. */
function stop() {
  cleanup();
  endDemo();
}

const CASES = [
  {
    slug: 'add-page-numbers', factor: 1.01, prefix: 'numbered-',
    noFile: 'Please upload a PDF file to number.', downloadFirst: 'Please add page numbers to a PDF file first.',
    success2: 'Page numbers added to 2 PDFs! (mock operation)', success1: 'Page numbers added to 1 PDF! (mock operation)',
  },
  {
    slug: 'add-watermark', factor: 1.02, prefix: 'watermarked-',
    noFile: 'Please upload a PDF file to watermark.', downloadFirst: 'Please add a watermark to a PDF file first.',
    success2: 'Watermark added to 2 PDFs! (mock operation)', success1: 'Watermark added to 1 PDF! (mock operation)',
  },
];

async function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await flush();
}

describe.each(CASES.map((c) => [c.slug, c] as const))('%s in demo mode', (slug, c) => {
  beforeEach(startDemo);
  afterEach(stop);

  it(`with no file the button is disabled and a submit says "${c.noFile}"`, async () => {
    const manifest = renderTool(slug);
    expect(actionButton(manifest)).toBeDisabled();
    await submitForm();
    expect(toastTexts()).toEqual([`Error: ${c.noFile}`]);
  });

  it('takes up to 10 PDFs and gives one result each after 1.5 s + 0.3 s a file', async () => {
    const downloads = captureDownloads();
    const manifest = renderTool(slug);
    expect(manifest.limits.maxFiles).toBe(10);
    await choose([fileOf('a.pdf', 10000, PDF), fileOf('b.pdf', 20000, PDF)]);
    await press(manifest);
    await expectResultsAtExactly(manifest, 1500 + 2 * 300);
    expect(resultNames()).toEqual([`${c.prefix}a.pdf`, `${c.prefix}b.pdf`]);
    expect(toastTexts()).toEqual([`Success: ${c.success2}`]);
    fireEvent.click(screen.getByRole('button', { name: `Download ${c.prefix}a.pdf` }));
    expect(downloads).toEqual([`${c.prefix}a.pdf`]);
    expect(((URL.createObjectURL as Mock).mock.calls[0][0] as Blob).size).toBe(Math.round(c.factor * 10000));
  });

  it('says "1 PDF" for one file', async () => {
    const manifest = renderTool(slug);
    await choose([fileOf('one.pdf', 1000, PDF)]);
    await press(manifest);
    await expectResultsAtExactly(manifest, 1800);
    expect(toastTexts()).toEqual([`Success: ${c.success1}`]);
  });

  it(`refuses a download before processing with "${c.downloadFirst}"`, () => {
    const { result } = renderRun(slug);
    act(() => result.current.download());
    expect(toastTexts()).toEqual([`Error: ${c.downloadFirst}`]);
  });
});

describe('Add Page Numbers fields', () => {
  beforeEach(startDemo);
  afterEach(stop);

  it.each([
    ['Start numbering on page', '0', 'Please enter the page to start numbering on: a whole number from 1.'],
    ['Start numbering on page', '1.5', 'Please enter the page to start numbering on: a whole number from 1.'],
    ['First number', '-1', 'Please enter the first number: a whole number from 0 to 100000.'],
    ['Font size', '73', 'Please enter a font size from 6 to 72 pt.'],
    ['Distance from the edge', '101', 'Please enter a distance from the edge from 0 to 100 mm.'],
  ])('refuses %s %s with "%s"', async (label, value, message) => {
    const manifest = renderTool('add-page-numbers');
    await choose([fileOf('a.pdf', 1000, PDF)]);
    await fill(label, value);
    await press(manifest);
    expect(toastTexts()).toEqual([`Error: ${message}`]);
    expect(resultNames()).toEqual([]);
  });

  it('offers six positions and four formats, bottom centre and "1" first', async () => {
    renderTool('add-page-numbers');
    await choose([fileOf('a.pdf', 1000, PDF)]);
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.text);
    expect(options('Position')).toEqual(['Top left', 'Top centre', 'Top right', 'Bottom left', 'Bottom centre', 'Bottom right']);
    expect(options('Format')).toEqual(['1', 'Page 1', 'Page 1 of 12', '1 / 12']);
    expect((screen.getByLabelText('Position') as HTMLSelectElement).value).toBe('bottom-center');
  });
});

describe('Add Watermark fields', () => {
  beforeEach(startDemo);
  afterEach(stop);

  it('starts with CONFIDENTIAL at 30 % opacity and 45°, and refuses blank or overlong text', async () => {
    const manifest = renderTool('add-watermark');
    await choose([fileOf('a.pdf', 1000, PDF)]);
    expect((screen.getByLabelText('Watermark text') as HTMLInputElement).value).toBe('CONFIDENTIAL');
    expect(manifest.options.find((f) => f.name === 'opacity')?.default).toBe(30);
    expect(manifest.options.find((f) => f.name === 'rotation')?.default).toBe(45);
    await fill('Watermark text', '  ');
    await press(manifest);
    expect(toastTexts()).toEqual(['Error: Please enter the watermark text.']);
    await fill('Watermark text', 'x'.repeat(201));
    await press(manifest);
    expect(toastTexts()).toContain('Error: Please keep the watermark text to 200 characters.');
    await fill('Watermark text', 'DRAFT');
    await fill('Font size', '7');
    await press(manifest);
    expect(toastTexts()).toContain('Error: Please enter a font size from 8 to 200 pt.');
    expect(resultNames()).toEqual([]);
  });
});
