/**
 * Bundle budget of the home page: the gzipped size of the JavaScript the
 * browser loads for "/" before any interaction (the entry and its static
 * imports, scripts/page-js.ts), and a check that none of it is processor, PDF or codec code.
 * Run after `vite build`; exits 1 when the budget is broken.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScripts } from './page-js.ts';

const BUDGET_BYTES = 120 * 1024;
const dist = (process.env.DIST_DIR ?? new URL('../dist/', import.meta.url).pathname);
/** Text that only processor, PDF, codec or spreadsheet libraries contain. */
const FORBIDDEN = ['PDFDocument', 'pdfjs-dist', 'GlobalWorkerOptions', 'ExcelJS', 'Papa.parse', 'qpdf', 'fontkit', 'mammoth', 'pptxgenjs', 'zipSync'];

const seen = pageScripts(dist, 'index.html');

let raw = 0;
let gz = 0;
const problems: string[] = [];
const rows = seen.map((file) => {
  const code = readFileSync(join(dist, file));
  const zipped = gzipSync(code, { level: 9 }).length;
  raw += code.length;
  gz += zipped;
  for (const marker of FORBIDDEN) if (code.includes(marker)) problems.push(`${file} contains ${marker}`);
  return `  ${file.padEnd(48)} ${(code.length / 1024).toFixed(1).padStart(8)} KB ${(zipped / 1024).toFixed(1).padStart(8)} KB gz`;
});

console.log('Home page initial JavaScript:');
console.log(rows.join('\n'));
console.log(`Total: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB gzipped)`);
if (problems.length) console.log(`Forbidden code on the home page:\n  ${problems.join('\n  ')}`);
if (gz > BUDGET_BYTES || problems.length) process.exit(1);
