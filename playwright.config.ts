/**
 * End-to-end tests in real Chromium against the built site (`vite build` runs
 * first, see `npm run test:e2e`). The system Chromium is used when there is one,
 * because browser downloads are not always possible; elsewhere Playwright's own
 * browser is used.
 */
import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT lets several checkouts run their suites side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;

/** Path of the system Chromium, or undefined to fall back to Playwright's bundled browser. */
function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return found || undefined;
  } catch {
    return undefined;
  }
}

export default defineConfig({
  testDir: 'e2e',
  // The corpus runner is `npm run test:corpus` (playwright.corpus.config.ts).
  testIgnore: ['corpus/**'],
  // Two cores shared with the preview server: more workers only add contention.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    // The production build registers a service worker; specs see the network as a first visit
    // does. e2e/pwa.spec.ts allows it to test offline use.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: systemChromium(),
      // Chromium's own background connections would otherwise reach other origins.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], baseURL: BASE_URL } }],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: BASE_URL,
    reuseExistingServer: !CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
