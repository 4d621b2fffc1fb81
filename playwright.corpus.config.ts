/** `npm run test:corpus`: the corpus runner alone, one worker, its table printed at the end. */
import base from './playwright.config';
import { defineConfig } from '@playwright/test';

export default defineConfig({ ...base, testDir: 'e2e/corpus', testIgnore: [], workers: 1, fullyParallel: false, retries: 0, timeout: 0 });
