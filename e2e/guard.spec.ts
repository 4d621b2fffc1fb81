/** The suite-wide guard itself: it must see requests to other origins, from a page and from a worker. */
import { expect, isSameSite, SITE_ORIGIN, test } from './fixtures';

test('same-site check', () => {
  expect(isSameSite(`${SITE_ORIGIN}/assets/x.js`)).toBe(true);
  expect(isSameSite(`blob:${SITE_ORIGIN}/abc`)).toBe(true);
  expect(isSameSite('data:image/png;base64,AAAA')).toBe(true);
  expect(isSameSite('about:blank')).toBe(true);
  expect(isSameSite('http://localhost:4173/')).toBe(false);
  expect(isSameSite('http://127.0.0.1:5173/')).toBe(false);
  expect(isSameSite('https://cdn.jsdelivr.net/npm/x')).toBe(false);
});

test.describe('with the Content-Security-Policy bypassed, so the probes leave the page at all', () => {
  test.use({ bypassCSP: true });

test('requests to other origins from the page and from a worker are recorded', async ({ page, siteGuard }) => {
  await page.goto('/');
  await page.evaluate(() => {
    void fetch('http://page.invalid/probe').catch(() => undefined);
    const code = "fetch('http://worker.invalid/probe').catch(() => undefined);";
    new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  });
  await expect.poll(() => siteGuard.foreign()).toEqual(
    expect.arrayContaining(['http://page.invalid/probe', 'http://worker.invalid/probe']),
  );
  // Seen: forgive them so this test passes; any other foreign request still fails it.
  siteGuard.forgive(/^http:\/\/(page|worker)\.invalid\//);
});
});
