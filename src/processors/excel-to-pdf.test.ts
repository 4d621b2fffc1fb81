import * as XLSX from '@e965/xlsx';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import excelToPdf from './excel-to-pdf';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

interface Item {
  str: string;
  x: number;
  width: number;
}

/** Each page's text items with their x position and width, read with pdf.js. */
async function pageItems(bytes: Uint8Array): Promise<Item[][]> {
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  const pages: Item[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4], width: item.width }] : [])));
  }
  await task.destroy();
  return pages;
}

function book(): Uint8Array {
  const wb = XLSX.utils.book_new();
  const rows: unknown[][] = [['Name', 'Amount']];
  for (let i = 1; i <= 80; i++) rows.push([i % 2 ? `Ωμέγα ${i}` : `Москва ${i}`, i * 1000.5]);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  for (let r = 2; r <= 81; r++) sheet[`B${r}`].z = '#,##0.00';
  XLSX.utils.book_append_sheet(wb, sheet, 'Data');
  const wide = [Array.from({ length: 12 }, (_, c) => `Column ${c + 1} with a long heading text`), Array.from({ length: 12 }, (_, c) => `value ${c + 1} ${'x'.repeat(30)}`)];
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(wide), 'Wide');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('excel-to-pdf', () => {
  it('prints each sheet as paginated tables: header on every page, numbers right-aligned, wide sheets split', async () => {
    const [out] = await excelToPdf.run([{ name: 'b.xlsx', type: '', bytes: book() }], {}, ctx());
    expect(out.type).toBe('application/pdf');
    const pages = await pageItems(out.bytes);
    const text = pages.map((items) => items.map((i) => i.str).join(' '));
    const dataPages = text.filter((t) => t.startsWith('Data'));
    expect(dataPages.length).toBeGreaterThanOrEqual(2);
    for (const page of dataPages) expect(page).toMatch(/^Data Name Amount/);
    expect(text.join(' ')).toContain('Ωμέγα 1');
    expect(text.join(' ')).toContain('Москва 80');
    expect(text.join(' ')).toContain('80,040.00');
    // Right-aligned: the amounts of one page end at the same x.
    const amounts = pages[0].filter((i) => /^\d{1,3}(,\d{3})*\.\d\d$/.test(i.str));
    const ends = new Set(amounts.map((i) => Math.round(i.x + i.width)));
    expect(amounts.length).toBeGreaterThan(10);
    expect(ends.size).toBe(1);
    // The wide sheet starts a new page and continues its columns on further pages.
    const widePages = text.filter((t) => t.startsWith('Wide'));
    expect(widePages.length).toBeGreaterThan(1);
    expect(widePages[0]).toContain('Column 1 with a long heading text');
    expect(widePages[widePages.length - 1]).toContain('Column 12 with a long heading text');
    expect(out.meta).toMatchObject({ pages: pages.length, sheets: 2 });
  });

  it('accepts a CSV', async () => {
    const csv = new TextEncoder().encode('a,b\nЖ,2\n');
    const [out] = await excelToPdf.run([{ name: 'c.csv', type: 'text/csv', bytes: csv }], {}, ctx());
    const [page] = await pageItems(out.bytes);
    expect(page.map((i) => i.str).join(' ')).toBe('Sheet1 a b Ж 2');
  });
});
