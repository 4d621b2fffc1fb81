/**
 * Every route is a real page before any script runs: its own title,
 * description, canonical link, social tags, JSON-LD (with the manifest's
 * how-to on tool pages) and main content in the HTML the server sends; the
 * sitemap lists them and robots.txt points at it. The browser then hydrates
 * the page (the fixtures fail a test on a hydration mismatch).
 */
import { expect, test } from './fixtures';
import { loadManifests } from './support';

const tools = loadManifests();
const SITE_PAGES: [path: string, h1: string][] = [
  ['/', 'Free Online Tools to Make Your Work Easier'],
  ['/tools', 'All Tools'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
];

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function head(html: string) {
  const meta = (attr: string, name: string) =>
    decode(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta('property', 'og:title'),
    twitterTitle: meta('name', 'twitter:title'),
    csp: meta('http-equiv', 'Content-Security-Policy'),
    h1: decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? ''),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    ),
  };
}

test('each tool page is served as its own pre-rendered page', async ({ request }) => {
  expect(tools.length).toBeGreaterThan(0);
  for (const tool of tools) {
    const res = await request.get(`/tools/${tool.slug}`, { headers: { accept: 'text/html' } });
    expect(res.status(), tool.slug).toBe(200);
    const html = await res.text();
    const h = head(html);
    expect(h.title, tool.slug).toBe(`${tool.title} - FileDesk`);
    expect(h.h1, tool.slug).toBe(tool.title);
    expect(h.description, tool.slug).toContain(tool.description);
    expect(h.canonical, tool.slug).toMatch(new RegExp(`^https?://[^/]+/tools/${tool.slug}$`));
    expect(h.ogTitle).toBe(h.title);
    expect(h.twitterTitle).toBe(h.title);
    expect(h.csp).toContain("default-src 'self'");
    const app = h.jsonLd.find((d) => d['@type'] === 'WebApplication');
    const howTo = h.jsonLd.find((d) => d['@type'] === 'HowTo') as { step: { text: string }[] } | undefined;
    expect(app?.name, tool.slug).toBe(tool.title);
    expect(howTo?.step.map((s) => s.text), tool.slug).toEqual(tool.howTo);
    for (const step of tool.howTo) expect(decode(html), tool.slug).toContain(`<li>${step}</li>`);
    expect(html, tool.slug).toContain(`data-prerendered="/tools/${tool.slug}"`);
    // The upload area is in the HTML of every tool that takes files.
    if (Object.keys(tool.accept).length > 0) expect(html, tool.slug).toContain('data-testid="file-input"');
  }
});

test('the site pages and the not-found page are pre-rendered', async ({ request }) => {
  for (const [path, h1] of SITE_PAGES) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    const h = head(await res.text());
    expect(h.h1, path).toBe(h1);
    expect(h.title, path).toBe(`${h1} - FileDesk`);
    expect(h.description.length, path).toBeGreaterThan(40);
    expect(h.canonical, path).toMatch(/^https?:\/\/[^/]+\//);
  }
  const missing = await request.get('/no-such-page', { headers: { accept: 'text/html' } });
  expect(missing.status()).toBe(404);
  const h = head(await missing.text());
  expect(h.h1).toBe('Page Not Found');
  expect(h.canonical).toBeUndefined();
});

test('the sitemap lists every page and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const tool of tools) expect(locs).toContain(`/tools/${tool.slug}`);
  for (const [path] of SITE_PAGES) expect(locs).toContain(path);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test('a pre-rendered tool page is hydrated: the page keeps its nodes and works', async ({ page }) => {
  await page.addInitScript(() => {
    // Count removals of server-rendered nodes under #root before the app starts.
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      const heading = root?.querySelector('h1');
      (window as unknown as { __heading?: Element | null }).__heading = heading;
    });
  });
  await page.goto('/tools/text-case-converter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text Case Converter');
  await page.getByRole('textbox').first().fill('hello world');
  await expect(page.getByText('HELLO WORLD').first()).toBeVisible();
  // The heading element the server sent is the one on the page: hydrated, not replaced.
  expect(await page.evaluate(() => (window as unknown as { __heading?: Element }).__heading?.isConnected)).toBe(true);
});
