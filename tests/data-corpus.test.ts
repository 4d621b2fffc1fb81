/**
 * Optional corpus test: the data tools on real-world CSVs and workbooks from
 * ../shared/corpus/{csv,sheet}. Skipped when the folders are absent, as in a
 * fresh clone. Every run must end in outputs that parse back, or in a
 * ToolError with a specific message; anything else (a crash, a changed input) fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { isToolError } from '../src/lib/errors';
import excelToPdf from '../src/processors/excel-to-pdf';
import excelToXml from '../src/processors/excel-to-xml';
import splitCsv from '../src/processors/split-csv';
import splitExcel from '../src/processors/split-excel';
import { XMLValidator } from 'fast-xml-parser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = (kind: string) => path.resolve(repoRoot, '../shared/corpus', kind);
const ctx = () => ({ signal: new AbortController().signal, onProgress() {} });

function files(kind: string, pattern: RegExp): { name: string; bytes: Uint8Array }[] {
  const dir = corpus(kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(dir, name))) }));
}

/** Runs one tool; a ToolError is an acceptable answer, anything else thrown fails. */
async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (isToolError(error)) return null;
    throw error;
  }
}

const csvs = files('csv', /\.csv$/i);
const sheets = files('sheet', /\.xlsx?$/i);

describe.skipIf(csvs.length === 0)('split-csv on the CSV corpus', () => {
  it.each(csvs.map((f) => [f.name, f] as const))('%s', async (_, file) => {
    const before = file.bytes.slice();
    const outputs = await attempt(() => splitCsv.run([{ ...file, type: 'text/csv' }], { rowsPerFile: 1 }, ctx()));
    expect(file.bytes).toEqual(before);
    if (!outputs) return;
    const original = Papa.parse<string[]>(new TextDecoder().decode(file.bytes), { skipEmptyLines: true }).data;
    const parts = outputs.map((o) => Papa.parse<string[]>(new TextDecoder().decode(o.bytes), { skipEmptyLines: true }).data);
    for (const part of parts) expect(part[0]).toEqual(original[0]);
    expect(parts.flatMap((part) => part.slice(1))).toEqual(original.slice(1));
  });
});

describe.skipIf(sheets.length === 0)('workbook tools on the sheet corpus', () => {
  it.each(sheets.map((f) => [f.name, f] as const))('%s', async (_, file) => {
    const before = file.bytes.slice();
    const input = [{ ...file, type: '' }];
    const parts = await attempt(() => splitExcel.run(input, { method: 'rows', rowsPerFile: 5 }, ctx()));
    for (const part of parts ?? []) expect(XLSX.read(part.bytes, { type: 'array' }).SheetNames).toHaveLength(1);
    const xml = await attempt(() => excelToXml.run(input, {}, ctx()));
    if (xml) expect(XMLValidator.validate(new TextDecoder().decode(xml[0].bytes))).toBe(true);
    const pdf = await attempt(() => excelToPdf.run(input, {}, ctx()));
    if (pdf) expect(new TextDecoder().decode(pdf[0].bytes.subarray(0, 5))).toBe('%PDF-');
    expect(file.bytes).toEqual(before);
  });
});
