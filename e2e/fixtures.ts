/**
 * The `test` every spec uses. It watches each test's browser context and fails
 * the test afterwards when:
 * - any request (from a page, a frame or a worker, WebSockets included) went to
 *   an origin other than the site's own; data:, blob: and about: are local;
 * - any page threw an uncaught error;
 * - any page or worker broke the Content-Security-Policy (a `securitypolicyviolation`
 *   event, or the console line Chromium prints for one);
 * - React reported a hydration mismatch on a pre-rendered page.
 * So "no request leaves the site" is asserted across the whole suite.
 */
import { test as base, expect, type Page, type Request, type Worker } from '@playwright/test';

export const SITE_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/** True when a URL is served by the site itself or never touches the network. */
export function isSameSite(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (LOCAL_SCHEMES.has(parsed.protocol)) return true;
  return parsed.origin === SITE_ORIGIN;
}

export interface SiteGuard {
  /** Every URL requested so far in this test, in order. */
  readonly requests: string[];
  /** Requested URLs whose origin is not the site's own. */
  foreign(): string[];
  /** Uncaught page errors seen so far. */
  readonly pageErrors: string[];
  /** Content-Security-Policy violations seen so far. */
  readonly cspViolations: string[];
  /** Drops recorded entries matching `pattern`; only the guard's own self-test uses this. */
  forgive(pattern: RegExp): void;
}

export const test = base.extend<{ siteGuard: SiteGuard }>({
  siteGuard: [
    async ({ context }, use) => {
      const requests: string[] = [];
      const pageErrors: string[] = [];
      const cspViolations: string[] = [];
      const record = (request: Request) => requests.push(request.url());
      const watchWorker = (worker: Worker) => {
        // A worker's own script URL is a request too (module workers load chunks).
        requests.push(worker.url());
      };
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('request', record);
        page.on('worker', watchWorker);
        page.on('websocket', (ws) => requests.push(ws.url()));
        page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
        page.on('console', (message) => {
          const text = message.text();
          if (/Content Security Policy/i.test(text)) cspViolations.push(`${page.url()}: ${text}`);
          // React 19 reports hydration mismatches as recoverable console errors (#418, #423, #425 minified).
          else if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|20|21|22|23|25)\b/i.test(text)) {
            pageErrors.push(`${page.url()}: ${text}`);
          }
        });
      };
      await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
        cspViolations.push(`${page?.url() ?? ''}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
          report?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
        });
      });
      // The context sees requests of every page and of service workers.
      context.on('request', record);
      context.on('serviceworker', watchWorker);
      context.on('page', watchPage);
      context.pages().forEach(watchPage);

      const guard: SiteGuard = {
        requests,
        pageErrors,
        cspViolations,
        foreign: () => [...new Set(requests.filter((url) => !isSameSite(url)))],
        forgive(pattern) {
          for (const list of [requests, pageErrors, cspViolations]) {
            for (let i = list.length - 1; i >= 0; i--) if (pattern.test(list[i])) list.splice(i, 1);
          }
        },
      };
      await use(guard);

      expect(guard.foreign(), `requests to origins other than ${SITE_ORIGIN}`).toEqual([]);
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, siteGuard }, use) => {
    // The guard is set up first, so the default page is watched from its first request.
    void siteGuard;
    // Pre-rendered pages show their controls before React hydrates them: a test acts only once the page is live.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      return response;
    };
    await use(page);
  },
});

export { expect };
