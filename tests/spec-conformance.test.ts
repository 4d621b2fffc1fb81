/**
 * The PDF and file tools' manifests against a table written from the
 * specification (site-pdf-text-audio.md sections 5 and 9, image-data.md
 * sections 4, 5 and 9): file count and size limits, accepted types, delays,
 * size factors, output kinds and names, no-file messages and success
 * wording. Where the specification leaves a value open the row says so
 * (null, or OTHER_PDF_DELAY for "2 s, 2.5 s or 3 s each").
 */
import { describe, expect, it } from 'vitest';
import type { ToolManifest } from '../schemas/manifest';
import { allTools, catalogue, toolBySlug } from './support/catalogue';
import { nameTemplate, outputName } from '../src/core/naming';
import { defaultOptions } from '../src/contract/options';

const MB = 1048576;
/** "Other PDF tools: 2 s, 2.5 s or 3 s each (per-tool values not shown)." */
const OTHER_PDF_DELAY = [2000, 2500, 3000];

interface Row {
  slug: string;
  files: number;
  mb: number;
  exts: string[];
  delay: number | number[];
  /** A number, a per-level table, or null where the specification gives none. */
  factor: number | Record<string, number> | null;
  outputs: 'each' | 'combined' | { min: number; max: number };
  noFile: string | null;
  /** [input name, output name] with the default options, or null where no rule is given. */
  name: [string, string] | null;
}

const PDF = ['.pdf'];
const EXCEL = ['.xls', '.xlsx'];
const XML = ['.xml'];

const PDF_ROWS: Row[] = [
  { slug: 'pdf-compressor', files: 1, mb: 20, exts: PDF, delay: 2000, factor: { low: 0.8, medium: 0.5, high: 0.3 }, outputs: 'each',
    noFile: 'Please upload a PDF file to compress.', name: ['Report.pdf', 'compressed-Report.pdf'] },
  // Not in the limits list: the default drop zone (1 file, 10 MB) applies.
  { slug: 'pdf-to-word', files: 1, mb: 10, exts: PDF, delay: 3000, factor: 0.8, outputs: 'each',
    noFile: 'Please upload a PDF file to convert.', name: ['Report.PDF', 'Report.docx'] },
  { slug: 'jpg-to-pdf', files: 10, mb: 10, exts: ['.jpeg', '.jpg'], delay: OTHER_PDF_DELAY, factor: 0.7, outputs: 'combined',
    noFile: 'Please upload JPG image(s) to convert.', name: ['photo.JPG', 'photo.pdf'] },
  { slug: 'merge-pdf', files: 10, mb: 20, exts: PDF, delay: 3000, factor: 0.95, outputs: 'combined',
    noFile: 'Please upload at least two PDF files to merge.', name: ['a.pdf', 'merged-document-1700000000000.pdf'] },
  { slug: 'pdf-to-jpg', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: 1.2, outputs: 'each',
    noFile: 'Please upload a PDF file to convert.', name: ['doc.pdf', 'doc-page-1.jpg'] },
  { slug: 'word-to-pdf', files: 1, mb: 20, exts: ['.doc', '.docx'], delay: 2500, factor: 1.2, outputs: 'each',
    noFile: 'Please upload a Word document to convert.', name: ['Letter.DOCX', 'Letter.pdf'] },
  { slug: 'split-pdf', files: 1, mb: 20, exts: PDF, delay: 2500, factor: null, outputs: 'each',
    noFile: 'Please upload a PDF file to split.', name: null },
  { slug: 'unlock-pdf', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: null, outputs: 'each',
    noFile: 'Please upload a PDF file to unlock.', name: null },
  { slug: 'pdf-translator', files: 1, mb: 10, exts: PDF, delay: OTHER_PDF_DELAY, factor: 1.05, outputs: 'each',
    noFile: 'Please upload a PDF file to translate.', name: null },
  { slug: 'esign-pdf', files: 1, mb: 10, exts: PDF, delay: OTHER_PDF_DELAY, factor: 1.02, outputs: 'each',
    noFile: 'Please upload a PDF file to sign.', name: null },
  { slug: 'protect-pdf', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: null, outputs: 'each',
    noFile: 'Please upload a PDF file to protect.', name: null },
  { slug: 'rearrange-pdf', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: null, outputs: 'each', noFile: null, name: null },
  { slug: 'extract-text-from-pdf', files: 1, mb: 10, exts: PDF, delay: OTHER_PDF_DELAY, factor: null, outputs: 'each',
    noFile: 'Please upload a PDF file to extract text from.', name: null },
  { slug: 'pdf-to-excel', files: 1, mb: 10, exts: PDF, delay: OTHER_PDF_DELAY, factor: 0.6, outputs: 'each',
    noFile: 'Please upload a PDF file to convert.', name: ['Table.pdf', 'Table.xlsx'] },
  { slug: 'pdf-to-powerpoint', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: 0.8, outputs: 'each',
    noFile: 'Please upload a PDF file to convert.', name: ['Deck.pdf', 'Deck.pptx'] },
  { slug: 'png-to-pdf', files: 10, mb: 10, exts: ['.png'], delay: OTHER_PDF_DELAY, factor: 0.7, outputs: 'combined',
    noFile: 'Please upload PNG image(s) to convert.', name: ['shot.png', 'shot.pdf'] },
  { slug: 'epub-to-pdf', files: 1, mb: 20, exts: ['.epub'], delay: OTHER_PDF_DELAY, factor: 0.9, outputs: 'each',
    noFile: 'Please upload an EPUB file to convert.', name: ['Book.EPUB', 'Book.pdf'] },
  { slug: 'crop-pdf', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: 0.85, outputs: 'each',
    noFile: 'Please upload a PDF file to crop.', name: null },
  { slug: 'edit-pdf', files: 1, mb: 20, exts: PDF, delay: OTHER_PDF_DELAY, factor: 1.1, outputs: 'each',
    noFile: 'Please upload a PDF file to edit.', name: null },
  { slug: 'gif-to-pdf', files: 1, mb: 10, exts: ['.gif'], delay: OTHER_PDF_DELAY, factor: 0.5, outputs: 'each',
    noFile: 'Please upload a GIF file to convert.', name: ['anim.gif', 'anim.pdf'] },
];

const FILE_ROWS: Row[] = [
  { slug: 'split-csv', files: 1, mb: 100, exts: ['.csv'], delay: 2000, factor: null, outputs: { min: 3, max: 7 },
    noFile: 'Please upload a CSV and specify valid rows per file.', name: ['data.csv', 'split-part-1-data.csv'] },
  { slug: 'split-excel', files: 1, mb: 50, exts: EXCEL, delay: 2500, factor: null, outputs: { min: 2, max: 4 },
    noFile: null, name: ['book.xlsx', 'split-part-1-book.xlsx'] },
  { slug: 'excel-to-pdf', files: 1, mb: 50, exts: EXCEL, delay: 2500, factor: null, outputs: 'each', noFile: null, name: ['Book.XLSX', 'Book.pdf'] },
  { slug: 'xml-to-excel', files: 1, mb: 20, exts: XML, delay: 2000, factor: null, outputs: 'each', noFile: null, name: ['feed.xml', 'feed.xlsx'] },
  { slug: 'excel-to-xml', files: 1, mb: 50, exts: ['.csv', ...EXCEL], delay: 2000, factor: null, outputs: 'each', noFile: null, name: ['Book.xls', 'Book.xml'] },
  { slug: 'csv-to-excel', files: 1, mb: 100, exts: ['.csv'], delay: 1500, factor: null, outputs: 'each', noFile: null, name: ['data.CSV', 'data.xlsx'] },
  { slug: 'xml-to-csv', files: 1, mb: 20, exts: XML, delay: 2000, factor: null, outputs: 'each', noFile: null, name: ['feed.xml', 'feed.csv'] },
  { slug: 'xml-to-json', files: 1, mb: 20, exts: XML, delay: 1500, factor: null, outputs: 'each', noFile: null, name: ['feed.xml', 'feed.json'] },
];

const tool = (slug: string): ToolManifest => {
  const m = toolBySlug(slug);
  if (!m) throw new Error(`No manifest ${slug}`);
  return m;
};

function checkRow(row: Row) {
  const m = tool(row.slug);
  expect(m.limits.maxFiles).toBe(row.files);
  expect(m.limits.maxBytes).toBe(row.mb * MB);
  expect([...new Set(Object.values(m.accept).flat())].sort()).toEqual([...row.exts].sort());
  if (Array.isArray(row.delay)) expect(row.delay).toContain(m.simulation.delayMs);
  else expect(m.simulation.delayMs).toBe(row.delay);
  if (row.factor === null) expect(typeof m.simulation.sizeFactor).toBe('number');
  else if (typeof row.factor === 'number') expect(m.simulation.sizeFactor).toBe(row.factor);
  else expect(m.simulation.sizeFactor).toEqual({ byOption: 'level', values: row.factor });
  if (typeof row.outputs === 'string') expect(m.simulation.outputs).toBe(row.outputs);
  else expect(m.simulation.outputs).toEqual({ randomParts: row.outputs });
  if (row.noFile !== null) expect(m.messages.noFile).toBe(row.noFile);
  if (row.name) {
    const options = defaultOptions(m.options);
    const template = nameTemplate(m.output, options, { fileCount: 1, totalBytes: 1 });
    expect(outputName(template, { originalName: row.name[0], n: 1, timestamp: 1700000000000, options })).toBe(row.name[1]);
  }
}

describe('PDF tool manifests match the specification table', () => {
  it('covers every pdf tool of the specification but create-pdf (text only), plus the routed gif-to-pdf', () => {
    const specSlugs = SPEC_CATALOGUE.pdf.filter((slug) => slug !== 'create-pdf');
    expect(PDF_ROWS.map((r) => r.slug).sort()).toEqual([...specSlugs, 'gif-to-pdf'].sort());
  });

  it.each(PDF_ROWS.map((r) => [r.slug, r] as const))('%s: limits, types, delay, factor, outputs, no-file message, name', (_, row) => {
    checkRow(row);
  });

  it.each(PDF_ROWS.map((r) => [r.slug] as const))('%s: demo success says (mock operation), except split; the real one does not', (slug) => {
    const m = tool(slug);
    if (slug === 'split-pdf') expect(m.simulation.success).toBe('PDF split into {n} parts successfully!');
    else expect(m.simulation.success).toMatch(/ \(mock operation\)$/);
    expect(m.messages.success).not.toMatch(/mock/i);
  });

  it('download-first messages given by the specification, and "process first" wording for the rest', () => {
    expect(tool('pdf-compressor').messages.downloadFirst).toBe('Please compress a PDF file first.');
    expect(tool('pdf-to-word').messages.downloadFirst).toBe('Please convert a PDF file first.');
    expect(tool('word-to-pdf').messages.downloadFirst).toBe('Please convert a Word document first.');
    expect(tool('merge-pdf').messages.downloadFirst).toBe('Please merge PDF files first.');
    expect(tool('split-pdf').messages.downloadFirst).toBe('Please split the PDF first.');
    for (const row of PDF_ROWS) expect(tool(row.slug).messages.downloadFirst).toMatch(/^Please [a-z]+ .+ first\.$/);
  });

  it('create-pdf takes typed text only, waits 1.5 s and refuses blank text', () => {
    const m = tool('create-pdf');
    expect(m.accept).toEqual({});
    expect(m.limits.minFiles).toBe(0);
    expect(m.simulation.delayMs).toBe(1500);
    expect(m.options.find((f) => f.name === 'text')).toMatchObject({ required: true, requiredMessage: 'Please enter some text to create a PDF.' });
  });

  it('gif-to-pdf is routed but not in the catalogue', () => {
    expect(tool('gif-to-pdf').listed).toBe(false);
  });

  it('compressor: levels low, medium, high; saved = 100 - percent', () => {
    const m = tool('pdf-compressor');
    const level = m.options.find((f) => f.name === 'level');
    expect(level?.type === 'radio' && level.choices.map((c) => c.value)).toEqual(['low', 'medium', 'high']);
    expect(m.simulation.meta?.compressionRatio).toEqual({
      sub: [100, { mul: [100, { lookup: 'level', values: { low: 0.8, medium: 0.5, high: 0.3 } }] }],
    });
  });

  it('protect: a password of 6+ characters, both messages, button disabled below 6', () => {
    const m = tool('protect-pdf');
    expect(m.options.find((f) => f.name === 'password')).toMatchObject({
      type: 'text', password: true, required: true, minLength: 6,
      requiredMessage: 'Please enter a password to protect the PDF.',
      minLengthMessage: 'Password must be at least 6 characters long.',
    });
    expect(m.action.disabledWhen).toEqual({ option: 'password', shorterThan: 6 });
  });

  it('unlock: the password is required with "Please enter the PDF password."', () => {
    expect(tool('unlock-pdf').options.find((f) => f.name === 'password')).toMatchObject({
      required: true, invalidMessage: 'Please enter the PDF password.',
    });
  });

  it('translator: en English, es Spanish, fr French, de German, ja Japanese, zh Chinese; default es; beta layout note', () => {
    const m = tool('pdf-translator');
    const target = m.options.find((f) => f.name === 'targetLanguage');
    expect(target?.type === 'select' && target.choices).toEqual([
      { value: 'en', label: 'English' }, { value: 'es', label: 'Spanish' }, { value: 'fr', label: 'French' },
      { value: 'de', label: 'German' }, { value: 'ja', label: 'Japanese' }, { value: 'zh', label: 'Chinese' },
    ]);
    expect(target?.default).toBe('es');
    const layout = m.options.find((f) => f.label === 'Maintain original layout');
    expect(layout?.help).toMatch(/^Beta: /);
  });

  it('word to pdf: the demo download notice and its Information title', () => {
    expect(tool('word-to-pdf').messages).toMatchObject({
      downloadDemo: 'This is a demo version. In the full version, the converted PDF file would be downloaded.',
      downloadDemoTitle: 'Information',
    });
  });
});

describe('file tool manifests match the specification table', () => {
  it('covers every file tool of the specification', () => {
    expect(FILE_ROWS.map((r) => r.slug).sort()).toEqual([...SPEC_CATALOGUE.file].sort());
  });

  it.each(FILE_ROWS.map((r) => [r.slug, r] as const))('%s: limits, types, delay, outputs, name', (_, row) => {
    checkRow(row);
  });

  it.each(FILE_ROWS.map((r) => [r.slug] as const))('%s: demo success carries (Mock); the real one does not', (slug) => {
    expect(tool(slug).simulation.success).toMatch(/ \(Mock\)$/);
    expect(tool(slug).messages.success).not.toMatch(/mock/i);
  });

  it("split CSV: rows per file 1000, at least 1; success CSV 'split' into {n} parts successfully! (Mock)", () => {
    const m = tool('split-csv');
    expect(m.options.find((f) => f.name === 'rowsPerFile')).toMatchObject({
      type: 'number', default: 1000, min: 1, integer: true, invalidMessage: 'Please upload a CSV and specify valid rows per file.',
    });
    expect(m.simulation.success).toBe("CSV 'split' into {n} parts successfully! (Mock)");
  });

  it('split Excel: method sheets (default) or rows; rows per file 10000 shown only for rows', () => {
    const m = tool('split-excel');
    const method = m.options.find((f) => f.name === 'method');
    expect(method?.type === 'select' && method.choices.map((c) => c.value)).toEqual(['sheets', 'rows']);
    expect(method?.default).toBe('sheets');
    expect(m.options.find((f) => f.name === 'rowsPerFile')).toMatchObject({
      default: 10000, min: 1, visibleWhen: { option: 'method', equals: 'rows' },
      invalidMessage: 'Please specify valid rows per file for splitting.',
    });
  });
});

/** The specification's catalogue, per category, in its order (site-pdf-text-audio.md and image-data.md). */
const SPEC_CATALOGUE = {
  pdf: ['pdf-compressor', 'pdf-to-word', 'jpg-to-pdf', 'merge-pdf', 'create-pdf', 'pdf-to-jpg', 'word-to-pdf', 'split-pdf', 'unlock-pdf', 'pdf-translator', 'esign-pdf', 'protect-pdf', 'rearrange-pdf', 'extract-text-from-pdf', 'pdf-to-excel', 'pdf-to-powerpoint', 'png-to-pdf', 'epub-to-pdf', 'crop-pdf', 'edit-pdf'],
  image: ['remove-background', 'ai-image-generator', 'restore-photos', 'profile-photo-maker', 'remove-person-from-photo', 'extract-text-from-image', 'remove-objects-from-photo', 'resize-image-dimensions', 'increase-image-resolution', 'blur-background', 'colorize-photo', 'collage-maker', 'remove-watermark', 'make-background-transparent', 'crop-image', 'add-border-to-image', 'image-splitter', 'add-text-to-image', 'pixelate-image', 'make-round-image', 'black-and-white-image', 'flip-image', 'unblur-image', 'merge-images', 'image-compressor', 'jpg-to-png', 'png-to-jpg', 'heic-to-jpg', 'heic-to-png', 'webp-to-jpg', 'webp-to-png', 'png-to-webp', 'jpg-to-webp', 'png-to-svg', 'jpg-to-svg', 'svg-to-png', 'gif-to-mp4', 'jpg-to-gif', 'png-to-gif', 'webp-to-gif', 'gif-to-jpg', 'gif-to-png', 'tiff-to-jpg', 'tiff-to-png', 'jpg-to-tiff', 'psd-to-jpg', 'psd-to-png', 'psd-to-ai', 'png-to-eps', 'eps-to-png', 'eps-to-jpg', 'chart-maker'],
  audio: ['text-to-speech'],
  text: ['text-case-converter'],
  file: ['split-csv', 'split-excel', 'excel-to-pdf', 'xml-to-excel', 'excel-to-xml', 'csv-to-excel', 'xml-to-csv', 'xml-to-json'],
};

describe('the specification\'s catalogue', () => {
  it('lists every tool of the specification, in the specification\'s order within its category; gif-to-pdf is routed, not listed', () => {
    for (const [category, slugs] of Object.entries(SPEC_CATALOGUE)) {
      const listed = catalogue.filter((t) => t.category === category && slugs.includes(t.slug)).map((t) => t.slug);
      expect(listed, category).toEqual(slugs);
    }
    expect(Object.values(SPEC_CATALOGUE).flat()).toHaveLength(82);
    const gif = allTools.find((t) => t.slug === 'gif-to-pdf');
    expect(gif?.listed).toBe(false);
    expect(gif?.category).toBe('pdf');
  });
});
