/**
 * OCR benchmark: word accuracy and time of the scanned-page pipeline that
 * Extract Text from PDF, PDF to Word and OCR PDF share (page drawn by pdf.js
 * at 300 DPI, paper cleaned, read by tesseract.js), on generated A4 scans at
 * 200 DPI with grey sensor noise and JPEG compression. Also prints the served
 * size of each language's data. Node, same engine code as the site.
 * Run with `npm run bench:ocr`.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { statSync } from 'node:fs';
import { createServer } from 'vite';
import '../tests/setup/offscreen-canvas.ts';
import { OCR_LANGUAGE_CODES } from '../src/lib/ocr/languages.ts';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../tests/fixtures/scanned-pdf.ts';

// The processors import fonts with Vite's ?url and pdf.js assets with import.meta.glob, so Vite loads them.
const server = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
const load = async <T>(path: string) => ((await server.ssrLoadModule(path)) as { default: T }).default;
const extractText = await load<typeof import('../src/processors/extract-text-from-pdf.ts').default>('/src/processors/extract-text-from-pdf.ts');
const ocrPdf = await load<typeof import('../src/processors/ocr-pdf.ts').default>('/src/processors/ocr-pdf.ts');
const { terminateOcr } = (await server.ssrLoadModule('/src/lib/ocr/recognize.ts')) as typeof import('../src/lib/ocr/recognize.ts');

const WORDS =
  'time person year way day thing world life hand part child eye woman place work week case point government company number group problem fact river mountain garden window letter paper market village station morning evening winter summer doctor teacher invoice total amount account delivery address reference'.split(
    ' ',
  );

/** Lines of seeded random words: no sentence for the engine's language model to lean on. */
function randomLines(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => Array.from({ length: 9 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '));
}

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

async function case_(label: string, pages: string[][], options: { noise: number; pointSize: number }) {
  const { bytes } = await scannedPdf(pages, { dpi: 200, ...options });
  const input = [{ name: 'scan.pdf', type: 'application/pdf', bytes }];
  const started = performance.now();
  const [out] = await extractText.run(input, { language: 'eng' }, ctx);
  const seconds = (performance.now() - started) / 1000;
  const text = new TextDecoder().decode(out!.bytes);
  const expected = pages.map((lines) => lines.join(' ')).join(' ');
  const accuracy = wordAccuracy(expected, text);
  console.log(
    `${label.padEnd(46)} ${String(pages.length).padStart(2)} page(s)  noise sigma ${String(options.noise).padStart(2)}  ` +
      `${options.pointSize} pt  word accuracy ${(accuracy * 100).toFixed(1)} %  ${(seconds / pages.length).toFixed(1)} s/page`,
  );
  return bytes;
}

async function main() {
  console.log('Language data served under /engines/tesseract/lang/ (4.0.0_best_int, gzipped):');
  console.log(
    '  ' +
      OCR_LANGUAGE_CODES.map((lang) => {
        const size = statSync(`node_modules/@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`).size;
        return `${lang} ${(size / 1e6).toFixed(1)} MB`;
      }).join(', '),
  );
  console.log('\nScanned A4 at 200 DPI (first run includes loading the engine):');
  const report = await case_('report prose', [SAMPLE_TEXT], { noise: 12, pointSize: 12 });
  await case_('report prose, heavier noise', [SAMPLE_TEXT], { noise: 24, pointSize: 12 });
  await case_('random words, 30 lines', [randomLines(30, 1)], { noise: 12, pointSize: 11 });
  await case_('random words, 10 pt', [randomLines(30, 2)], { noise: 12, pointSize: 10 });

  const started = performance.now();
  const [searchable] = await ocrPdf.run([{ name: 'scan.pdf', type: 'application/pdf', bytes: report }], { language: 'eng' }, ctx);
  console.log(
    `\nOCR PDF on the report page: ${searchable!.meta?.words} words placed, ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${report.length} -> ${searchable!.bytes.length} bytes`,
  );
  await terminateOcr();
}

try {
  await main();
} finally {
  await server.close();
}
