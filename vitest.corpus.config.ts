/**
 * Measurements over ../shared/corpus that are run by hand, not by `npm test`
 * (which must not need the corpus): `npm run corpus:pptx`.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vite.config';

const config = mergeConfig(base, defineConfig({ test: { testTimeout: 600_000 } }));
// Replaced, not merged: mergeConfig would add the suite's own files to the list.
config.test!.include = ['tests/**/*.corpus.ts'];
export default config;
