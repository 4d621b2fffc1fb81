/**
 * Vite plugin: the OCR engine served by the site under /engines/tesseract/:
 * tesseract.js's worker, the LSTM-only WebAssembly cores (plain, SIMD and
 * relaxed SIMD; the worker picks the one the browser supports) and the
 * language data (4.0.0_best_int, gzipped) of every language the OCR tools
 * offer, one file each under lang/, so a visitor downloads only the
 * language they choose.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OCR_LANGUAGE_CODES } from '../src/lib/ocr/languages.ts';
import { engineFiles } from './vite-engine-files.ts';

export const TESSERACT_BASE = 'engines/tesseract';

export function tesseract() {
  return engineFiles('tesseract', () => {
    const require = createRequire(import.meta.url);
    const core = dirname(require.resolve('tesseract.js-core/package.json'));
    const tjs = dirname(require.resolve('tesseract.js/package.json'));
    const data = (lang: string) => dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    return [
      { from: join(tjs, 'dist/worker.min.js'), to: `${TESSERACT_BASE}/worker.min.js` },
      ...['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm'].map((f) => ({
        from: join(core, `${f}.wasm.js`),
        to: `${TESSERACT_BASE}/core/${f}.wasm.js`,
      })),
      ...OCR_LANGUAGE_CODES.map((lang) => ({
        from: join(data(lang), `4.0.0_best_int/${lang}.traineddata.gz`),
        to: `${TESSERACT_BASE}/lang/${lang}.traineddata.gz`,
      })),
    ];
  });
}
