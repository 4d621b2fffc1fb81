/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { catalogue } from './scripts/vite-catalogue.ts';
import { messages } from './scripts/vite-messages.ts';
import { toolIconSpriteFile } from './scripts/vite-tool-icons.ts';
import { tesseract } from './scripts/vite-tesseract.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { pwa } from './scripts/pwa.ts';
import { imglyData } from './scripts/vite-imgly-data.ts';
import { upscaleEngine } from './scripts/vite-upscale.ts';
import { radixCss } from './scripts/radix-css.ts';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { languageChunks } from './scripts/vite-language-chunks.ts';
import { MANIFEST_ROOT as manifestRoot } from './src/manifests/read.ts';
import { ISOLATION_HEADERS } from './src/lib/threads.ts';

const workflowRoot = fileURLToPath(new URL('./workflows', import.meta.url));
const localeRoot = fileURLToPath(new URL('./locales', import.meta.url));
/** FILEDESK_ISOLATION=off serves the site as a host without these headers would, to measure and test the one-thread fallback. */
const isolation = process.env.FILEDESK_ISOLATION === 'off' ? {} : ISOLATION_HEADERS;

export default defineConfig({
  plugins: [react(), toolIconSpriteFile(manifestRoot, workflowRoot), catalogue(manifestRoot, workflowRoot), messages(localeRoot, manifestRoot, workflowRoot), tesseract(), imglyData(), upscaleEngine(), prerender(manifestRoot, workflowRoot), compileHints(), languageChunks(), pwa(manifestRoot)],
  // Workers are bundled apart: the run's words they load are compiled as the page's are.
  worker: { format: 'es', plugins: () => [messages(localeRoot, manifestRoot, workflowRoot)] },
  // Radix Themes' styles for the components the site imports only (scripts/radix-css.ts).
  css: { postcss: { plugins: [radixCss({ sourceDir: fileURLToPath(new URL('./src', import.meta.url)) })] } },
  // DIST_DIR lets several builds of one checkout sit side by side (scripts/size.ts reads it too).
  // Every browser the site supports (ES2022) has modulepreload, so the polyfill would be dead weight.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, outDir: process.env.DIST_DIR ?? 'dist', modulePreload: { polyfill: false } },
  // Cross-origin isolation, so the threaded WebAssembly builds can run (src/lib/threads.ts).
  server: { headers: { ...isolation } },
  preview: { port: 4173, strictPort: true, headers: { ...isolation } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30000,
    // A worker per core, not one fewer: many tests spend their time waiting for a judge
    // (qpdf, Ghostscript, LibreOffice) or a worker thread, so the cores stay busy.
    maxWorkers: availableParallelism(),
  },
});
