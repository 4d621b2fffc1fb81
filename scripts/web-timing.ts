/**
 * Cold loads of the built site in Chromium on a throttled phone profile (CDP:
 * 4x CPU slowdown, 1.6 Mbps down / 750 kbps up, 150 ms round trip), each in a
 * fresh browser context: the first contentful paint, the moment the page is live
 * (`<html data-interactive="true">`, set by src/lib/page-ready.ts), and the
 * JavaScript the page fetched before the network was quiet (gzipped at level 9
 * from the build, as scripts/size.ts counts it). Used by `npm run bench:web`.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright';

export const PHONE = { cpu: 4, downKbps: 1600, upKbps: 750, rttMs: 150 };

export interface LoadTiming {
  fcp: number;
  live: number;
  jsFiles: string[];
  jsGz: number;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}

/** One cold load of `origin + path`; `dist` is the build served there (to gzip what was fetched). */
export async function coldLoad(browser: Browser, origin: string, path: string, dist: string, throttle = true): Promise<LoadTiming> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const js = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e: { request: { url: string } }) => {
      const url = new URL(e.request.url);
      if (url.origin === origin && url.pathname.endsWith('.js')) js.add(url.pathname.slice(1));
    });
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.rttMs,
        downloadThroughput: (PHONE.downKbps * 1000) / 8,
        uploadThroughput: (PHONE.upKbps * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
    }
    await page.goto(origin + path, { waitUntil: 'load', timeout: 120_000 });
    // Checked every animation frame: the time is the first frame at which the page is live.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __live?: number };
        if (document.documentElement.dataset.interactive === 'true') w.__live ??= performance.now();
        return w.__live !== undefined;
      },
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const { fcp, live } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      live: (window as unknown as { __live: number }).__live,
    }));
    const jsFiles = [...js].filter((f) => !f.startsWith('sw') && !f.startsWith('workbox'));
    let jsGz = 0;
    for (const f of jsFiles) if (existsSync(join(dist, f))) jsGz += gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
    return { fcp, live, jsFiles, jsGz };
  } finally {
    await context.close();
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
