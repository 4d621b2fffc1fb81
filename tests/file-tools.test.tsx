// @vitest-environment jsdom
/**
 * The spreadsheet and data-file tools on the generic tool page, through their
 * real manifests: limits and types (image-data.md section 9 and the types
 * table of section 5), exact delays (section 4), split part counts and names,
 * the rows-per-file rules, the Download All demo notice, and one real CSV to
 * Excel run whose workbook is read back. Expected values come from the
 * specification, not from the manifests.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as XLSX from '@e965/xlsx';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setDemoMode } from '../src/engine/demo/demo-mode';
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
  MB,
  press,
  renderRun,
  renderTool,
  resultNames,
  resultSizes,
  startDemo,
  submitForm,
} from './support/tool-page';

// The worker does not exist in jsdom: a real run calls the processor in this process instead, with the same inputs.
vi.mock('../src/engine/worker/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/engine/worker/bridge')>();
  const { loadProcessor } = await import('../src/core/processor-modules');
  const { runInPlace } = await import('./support/components');
  return { ...actual, runInWorker: runInPlace(loadProcessor) };
});

const CSV = 'text/csv';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_MIME = 'application/vnd.ms-excel';
const XML = 'application/xml';

interface FileCase {
  slug: string;
  input: [name: string, type: string];
  delay: number;
  maxMb: number;
  /** File names (extensions) the drop zone must take and must refuse. */
  accepts: [string, string][];
  refuses: [string, string][];
  noFile: string;
  downloadFirst: string;
}

const CASES: FileCase[] = [
  { slug: 'split-csv', input: ['data.csv', CSV], delay: 2000, maxMb: 100,
    accepts: [['a.csv', CSV]], refuses: [['a.xlsx', XLSX_MIME], ['a.xml', XML]],
    noFile: 'Please upload a CSV and specify valid rows per file.', downloadFirst: 'Please split a CSV file first.' },
  { slug: 'split-excel', input: ['book.xlsx', XLSX_MIME], delay: 2500, maxMb: 50,
    accepts: [['a.xlsx', XLSX_MIME], ['a.xls', XLS_MIME]], refuses: [['a.csv', CSV]],
    noFile: 'Please upload an Excel file to split.', downloadFirst: 'Please split an Excel file first.' },
  { slug: 'excel-to-pdf', input: ['book.xlsx', XLSX_MIME], delay: 2500, maxMb: 50,
    accepts: [['a.xlsx', XLSX_MIME], ['a.xls', XLS_MIME]], refuses: [['a.csv', CSV], ['a.pdf', 'application/pdf']],
    noFile: 'Please upload an Excel file to convert.', downloadFirst: 'Please convert an Excel file first.' },
  { slug: 'xml-to-excel', input: ['feed.xml', XML], delay: 2000, maxMb: 20,
    accepts: [['a.xml', XML], ['b.xml', 'text/xml']], refuses: [['a.csv', CSV]],
    noFile: 'Please upload an XML file to convert.', downloadFirst: 'Please convert an XML file first.' },
  { slug: 'excel-to-xml', input: ['book.xls', XLS_MIME], delay: 2000, maxMb: 50,
    accepts: [['a.xlsx', XLSX_MIME], ['a.xls', XLS_MIME], ['a.csv', CSV]], refuses: [['a.xml', XML]],
    noFile: 'Please upload an Excel or CSV file to convert.', downloadFirst: 'Please convert an Excel file first.' },
  { slug: 'csv-to-excel', input: ['data.csv', CSV], delay: 1500, maxMb: 100,
    accepts: [['a.csv', CSV]], refuses: [['a.xlsx', XLSX_MIME]],
    noFile: 'Please upload a CSV file to convert.', downloadFirst: 'Please convert a CSV file first.' },
  { slug: 'xml-to-csv', input: ['feed.xml', XML], delay: 2000, maxMb: 20,
    accepts: [['a.xml', XML]], refuses: [['a.json', 'application/json']],
    noFile: 'Please upload an XML file to convert.', downloadFirst: 'Please convert an XML file first.' },
  { slug: 'xml-to-json', input: ['feed.xml', XML], delay: 1500, maxMb: 20,
    accepts: [['a.xml', XML]], refuses: [['a.csv', CSV]],
    noFile: 'Please upload an XML file to convert.', downloadFirst: 'Please convert an XML file first.' },
];

/** Conversions: input name -> output name, and the demo success message (spec: "(Mock)" suffix). */
const CONVERSIONS: [slug: string, output: string, success: string][] = [
  ['excel-to-pdf', 'book.pdf', "Excel file 'converted' to PDF successfully! (Mock)"],
  ['xml-to-excel', 'feed.xlsx', "XML 'converted' to Excel successfully! (Mock)"],
  ['excel-to-xml', 'book.xml', "Excel file 'converted' to XML successfully! (Mock)"],
  ['csv-to-excel', 'data.xlsx', "CSV 'converted' to Excel successfully! (Mock)"],
  ['xml-to-csv', 'feed.csv', "XML 'converted' to CSV successfully! (Mock)"],
  ['xml-to-json', 'feed.json', "XML 'converted' to JSON successfully! (Mock)"],
];

const caseOf = (slug: string) => CASES.find((c) => c.slug === slug)!;

describe('file tool pages in demo mode (real manifests)', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  describe.each(CASES.map((c) => [c.slug, c] as const))('%s', (slug, c) => {
    it(`with no file the button is disabled and a submit says "${c.noFile}"`, async () => {
      const manifest = renderTool(slug);
      expect(actionButton(manifest)).toBeDisabled();
      await submitForm();
      expect(toastTexts()).toEqual([`Error: ${c.noFile}`]);
    });

    it(`refuses a download before processing with "${c.downloadFirst}"`, () => {
      const { result } = renderRun(slug);
      act(() => result.current.download());
      expect(toastTexts()).toEqual([`Error: ${c.downloadFirst}`]);
    });

    it(`takes 1 file of up to ${c.maxMb} MB and refuses one byte more`, async () => {
      renderTool(slug);
      const [name, type] = c.input;
      await choose([fileOf(`over-${name}`, c.maxMb * MB + 1, type)]);
      expect(toastTexts()).toEqual([`File too large: The file over-${name} is too large. Maximum size is ${c.maxMb}MB.`]);
      await choose([fileOf(`one-${name}`, 10, type), fileOf(`two-${name}`, 10, type)]);
      expect(toastTexts()).toContain('Too many files: You can only upload a maximum of 1 files.');
      await choose([fileOf(`limit-${name}`, c.maxMb * MB, type)]);
      expect(screen.getByText(`limit-${name}`)).toBeInTheDocument();
    });

    it(`accepts ${c.accepts.map(([n]) => n.split('.').pop()).join(', ')} and refuses ${c.refuses.map(([n]) => n.split('.').pop()).join(', ')}`, async () => {
      renderTool(slug);
      for (const [name, type] of c.accepts) {
        await choose([fileOf(name, 10, type)]);
        expect(screen.getByText(name)).toBeInTheDocument();
      }
      for (const [name, type] of c.refuses) {
        await choose([fileOf(name, 10, type)]);
        expect(toastTexts()).toContain(`Invalid file type: The file ${name} is not a supported file type.`);
      }
    });
  });

  it.each(CONVERSIONS)('%s gives %s after exactly its delay with "%s"', async (slug, output, success) => {
    const c = caseOf(slug);
    const manifest = renderTool(slug);
    await choose([fileOf(c.input[0], 1000, c.input[1])]);
    await press(manifest);
    await expectResultsAtExactly(manifest, c.delay);
    expect(resultNames()).toEqual([output]);
    expect(toastTexts()).toEqual([`Success: ${success}`]);
  });

  it('adding a new file clears the earlier result', async () => {
    const manifest = renderTool('xml-to-json');
    await choose([fileOf('a.xml', 100, XML)]);
    await press(manifest);
    await advance(1500);
    expect(resultNames()).toEqual(['a.json']);
    await choose([fileOf('b.xml', 100, XML)]);
    expect(resultNames()).toEqual([]);
  });
});

describe('Split CSV', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('shows Rows per file at 1000 once a file is chosen', async () => {
    renderTool('split-csv');
    expect(screen.queryByLabelText('Rows per file')).toBeNull();
    await choose([fileOf('data.csv', 100, CSV)]);
    expect(screen.getByLabelText('Rows per file')).toHaveValue(1000);
  });

  it.each(['0', '-5', '1.5', ''])('refuses %j rows per file: "Please upload a CSV and specify valid rows per file."', async (rows) => {
    const manifest = renderTool('split-csv');
    await choose([fileOf('data.csv', 100, CSV)]);
    fireEvent.change(screen.getByLabelText('Rows per file'), { target: { value: rows } });
    await flush();
    await press(manifest);
    expect(toastTexts()).toEqual(['Error: Please upload a CSV and specify valid rows per file.']);
    await advance(2000);
    expect(resultNames()).toEqual([]);
  });

  it.each([
    [0, 3],
    [0.2, 4],
    [0.5, 5],
    [0.7, 6],
    [0.999999, 7],
  ])('with Math.random() = %d makes %i parts named split-part-N-data.csv after exactly 2 s', async (random, parts) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const manifest = renderTool('split-csv');
    await choose([fileOf('data.csv', 7000, CSV)]);
    fireEvent.change(screen.getByLabelText('Rows per file'), { target: { value: '1' } });
    await flush();
    await press(manifest);
    await expectResultsAtExactly(manifest, 2000);
    expect(resultNames()).toEqual(Array.from({ length: parts }, (_, i) => `split-part-${i + 1}-data.csv`));
    expect(parts).toBeGreaterThanOrEqual(3);
    expect(parts).toBeLessThanOrEqual(7);
    expect(toastTexts()).toEqual([`Success: CSV 'split' into ${parts} parts successfully! (Mock)`]);
  });

  it('splits the input size between the parts and says Download All is a mock', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const downloads = captureDownloads();
    const manifest = renderTool('split-csv');
    await choose([fileOf('data.csv', 5000, CSV)]);
    await press(manifest);
    await advance(2000);
    expect(resultSizes()).toEqual(Array(5).fill('1000 B'));
    fireEvent.click(screen.getByRole('button', { name: /Download All/ }));
    await flush();
    expect(toastTexts()).toContain('Info: Mock download all would create a ZIP here.');
    expect(downloads).toEqual(['split-part-1-data.csv']);
  });
});

describe('Split Excel', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('splits by sheets by default and shows Rows per file (10000) only for rows', async () => {
    renderTool('split-excel');
    await choose([fileOf('book.xlsx', 100, XLSX_MIME)]);
    const method = screen.getByLabelText('Split method') as HTMLSelectElement;
    expect([...method.options].map((o) => o.value)).toEqual(['sheets', 'rows']);
    expect(method.value).toBe('sheets');
    expect(screen.queryByLabelText('Rows per file')).toBeNull();
    fireEvent.change(method, { target: { value: 'rows' } });
    await flush();
    expect(screen.getByLabelText('Rows per file')).toHaveValue(10000);
    fireEvent.change(method, { target: { value: 'sheets' } });
    await flush();
    expect(screen.queryByLabelText('Rows per file')).toBeNull();
  });

  it('refuses 0 rows per file with "Please specify valid rows per file for splitting."', async () => {
    const manifest = renderTool('split-excel');
    await choose([fileOf('book.xlsx', 100, XLSX_MIME)]);
    fireEvent.change(screen.getByLabelText('Split method'), { target: { value: 'rows' } });
    await flush();
    fireEvent.change(screen.getByLabelText('Rows per file'), { target: { value: '0' } });
    await flush();
    await press(manifest);
    expect(toastTexts()).toEqual(['Error: Please specify valid rows per file for splitting.']);
    await advance(2500);
    expect(resultNames()).toEqual([]);
  });

  it.each([
    [0, 2],
    [0.5, 3],
    [0.999999, 4],
  ])('with Math.random() = %d makes %i parts after exactly 2.5 s', async (random, parts) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const manifest = renderTool('split-excel');
    await choose([fileOf('book.xlsx', 4000, XLSX_MIME)]);
    await press(manifest);
    await expectResultsAtExactly(manifest, 2500);
    expect(resultNames()).toEqual(Array.from({ length: parts }, (_, i) => `split-part-${i + 1}-book.xlsx`));
    expect(toastTexts()).toEqual([`Success: Excel file 'split' into ${parts} parts successfully! (Mock)`]);
  });
});

describe('CSV to Excel, real processing', () => {
  beforeEach(() => setDemoMode(false));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('converts a real CSV into a workbook with the same cells and says "CSV converted to Excel successfully!"', async () => {
    const downloads = captureDownloads();
    const manifest = renderTool('csv-to-excel');
    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), {
        target: { files: [new File(['name,qty\nPears,3\nPlums,12\n'], 'fruit.csv', { type: CSV })] },
      });
    });
    await waitFor(() => expect(actionButton(manifest)).toBeEnabled());
    fireEvent.click(actionButton(manifest));
    await waitFor(() => expect(resultNames()).toEqual(['fruit.xlsx']), { timeout: 25000 });
    expect(toastTexts()).toContain('Success: CSV converted to Excel successfully!');
    fireEvent.click(screen.getByRole('button', { name: 'Download fruit.xlsx' }));
    expect(downloads).toEqual(['fruit.xlsx']);
    const blob = (URL.createObjectURL as Mock).mock.calls[0][0] as Blob;
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows).toEqual([['name', 'qty'], ['Pears', 3], ['Plums', 12]]);
  });
});
