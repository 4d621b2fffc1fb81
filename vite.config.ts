/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { catalogue } from './scripts/vite-catalogue.ts';
import { toolIconSpriteFile, toolIcons } from './scripts/vite-tool-icons.ts';
import { tesseract } from './scripts/vite-tesseract.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { pwa } from './scripts/pwa.ts';
import { imglyData } from './scripts/vite-imgly-data.ts';
import { upscaleEngine } from './scripts/vite-upscale.ts';

const manifestRoot = fileURLToPath(new URL('./manifests', import.meta.url));

export default defineConfig({
  plugins: [react(), toolIcons(manifestRoot), toolIconSpriteFile(manifestRoot), catalogue(manifestRoot), tesseract(), imglyData(), upscaleEngine(), prerender(manifestRoot), pwa(manifestRoot)],
  worker: { format: 'es' },
  // DIST_DIR lets several builds of one checkout sit side by side (scripts/size.ts reads it too).
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, outDir: process.env.DIST_DIR ?? 'dist' },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30000,
  },
});
