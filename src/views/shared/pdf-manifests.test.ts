/** The specification's literals in the manifests of the page-choosing PDF tools. */
import { describe, expect, it } from 'vitest';
import { toolBySlug } from '../../../tests/support/catalogue';

const tool = (slug: string) => toolBySlug(slug)!;

describe('page-choosing PDF manifests', () => {
  it('merge-pdf: up to 10 files appended, 20 MB each, 3 s, 0.95, 5 pages per file, merged-document-[timestamp].pdf', () => {
    const m = tool('merge-pdf');
    expect(m.view).toBe('merge-pdf');
    expect(m.processor).toBe('merge-pdf');
    expect(m.limits).toMatchObject({ maxFiles: 10, maxBytes: 20971520, minFiles: 2, appendFiles: true });
    expect(m.output.name).toBe('merged-document-{timestamp}.pdf');
    expect(m.messages.tooFewFiles).toBe('Please upload at least two PDF files to merge.');
    expect(m.messages.downloadFirst).toBe('Please merge PDF files first.');
    expect(m.simulation).toMatchObject({ delayMs: 3000, sizeFactor: 0.95, outputs: 'combined' });
    expect(m.simulation.meta?.pageCount).toEqual({ mul: [5, { fact: 'fileCount' }] });
  });

  it('split-pdf: methods range and every, resets on a new file, 2.5 s and its messages', () => {
    const m = tool('split-pdf');
    expect(m.view).toBe('split-pdf');
    expect(m.processor).toBe('split-pdf');
    expect(m.limits).toMatchObject({ maxFiles: 1, maxBytes: 20971520 });
    const [method, ranges, everyN] = m.options;
    expect(method.type === 'radio' && method.choices.map((c) => c.value)).toEqual(['range', 'every']);
    expect(ranges).toMatchObject({ name: 'ranges', default: '', resetOnFiles: true, invalidMessage: 'Please enter page ranges to split the PDF.' });
    expect(everyN).toMatchObject({ name: 'everyN', min: 1, maxFrom: 'pageCount', default: 1, resetOnFiles: true });
    expect(m.simulation.delayMs).toBe(2500);
    // The demo keeps the specification's words; the real message says "1 part" for one.
    expect(m.simulation.success).toBe('PDF split into {n} parts successfully!');
    expect(m.messages).toMatchObject({
      noFile: 'Please upload a PDF file to split.',
      downloadFirst: 'Please split the PDF first.',
      success: 'PDF split into {n} {n:part|parts} successfully!',
      noValidParts: 'Warning: No valid parts to split based on input.',
      noValidPartsTitle: 'Warning',
      downloadAllDemo: 'Demo: Download All would ZIP files. Downloading first file.',
    });
  });

  it('rearrange-pdf and crop-pdf name their views and processors; crop simulates 0.85', () => {
    expect(tool('rearrange-pdf')).toMatchObject({ view: 'rearrange-pdf', processor: 'rearrange-pdf' });
    const crop = tool('crop-pdf');
    expect(crop).toMatchObject({ view: 'crop-pdf', processor: 'crop-pdf' });
    expect(crop.messages.noFile).toBe('Please upload a PDF file to crop.');
    expect(crop.simulation.sizeFactor).toBe(0.85);
    expect(crop.options.map((f) => f.name)).toEqual(['applyTo']);
  });

  it('pdf-to-jpg offers 72, 150 and 300 DPI, a quality and a page list, and runs its processor', () => {
    const m = tool('pdf-to-jpg');
    expect(m.processor).toBe('pdf-to-jpg');
    const dpi = m.options.find((f) => f.name === 'dpi');
    expect(dpi?.type === 'select' && dpi.choices.map((c) => c.value)).toEqual(['72', '150', '300']);
    expect(m.options.find((f) => f.name === 'quality')).toMatchObject({ type: 'slider', min: 10, max: 100 });
    expect(m.options.find((f) => f.name === 'pages')).toMatchObject({ type: 'text', default: '' });
    expect(m.simulation.sizeFactor).toBe(1.2);
    expect(m.messages.noFile).toBe('Please upload a PDF file to convert.');
  });
});
