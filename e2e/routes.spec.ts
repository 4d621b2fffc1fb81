/**
 * Every route renders: each page of the site (each tool and workflow from the files on disk, every
 * page the sitemap lists, each language's home page) is found, cross-origin isolated and shows its
 * heading; the site pages their own, and unknown paths the not-found page.
 */
import { expect, test } from './fixtures';
import { isolatedHere, loadManifests } from './support';
import { readWorkflowFiles } from '../src/manifests/read';
import { ISOLATION_HEADERS } from '../src/lib/threads';
import { splitLocale } from '../src/lib/i18n/locales';

const tools = loadManifests();

test('the manifests on disk are found', () => {
  expect(tools.length).toBeGreaterThan(0);
});

/**
 * Every route of the site: tools and workflows from the files on disk, the rest from the sitemap;
 * in English, and the home page of every other language (their pages are the same routes under a
 * prefix, served alike).
 */
function allRoutes(sitemap: string): string[] {
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .filter((path) => splitLocale(path).locale === 'en' || splitLocale(path).path === '/');
  const workflows = readWorkflowFiles().map((w) => `/workflows/${w.slug}`);
  return [...new Set([...listed, ...tools.map((t) => `/tools/${t.slug}`), ...workflows])];
}

test('the routes come from the manifests, the workflows and the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const routes = allRoutes(sitemap);
  for (const path of ['/', '/tools', `/tools/${tools[0].slug}`, `/workflows/${readWorkflowFiles()[0].slug}`]) expect(routes).toContain(path);
  // The sitemap lists every listed tool and every workflow: the two sources agree.
  for (const tool of tools.filter((t) => t.listed !== false)) expect(sitemap).toContain(`/tools/${tool.slug}<`);
  for (const workflow of readWorkflowFiles()) expect(sitemap).toContain(`/workflows/${workflow.slug}<`);
  expect(routes.filter((r) => r.startsWith('/tools/')).length).toBe(tools.length);
});

const titles = new Map(tools.map((t) => [`/tools/${t.slug}`, t.title]));

// Each page is visited once and checked for all it must be: found, sent with the isolation headers,
// cross-origin isolated (so the threaded engines can run, src/lib/threads.ts), and showing its
// heading; a tool page its own title. The routes go in a fixed number of groups, so a new manifest
// or workflow adds its page without a change here, and the workers share the visits.
const GROUPS = 12;
for (let group = 0; group < GROUPS; group++) {
  test(`every page renders and is cross-origin isolated (group ${group + 1} of ${GROUPS})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const mine = allRoutes(await (await request.get('/sitemap.xml')).text()).filter((_, i) => i % GROUPS === group);
    expect(mine.length).toBeGreaterThan(0);
    for (const path of mine) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response!.status(), path).toBe(200);
        for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(response!.headers()[name.toLowerCase()], `${path} ${name}`).toBe(value);
        const title = titles.get(path);
        if (title) {
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
          await expect(page).toHaveTitle(`${title} - FileDesk`);
        } else {
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        expect(await page.evaluate(isolatedHere), `${path} is cross-origin isolated`).toBe(true);
      });
    }
  });
}

const sitePages = [
  { path: '/', heading: 'Free Online Tools to Make Your Work Easier' },
  { path: '/tools', heading: 'All Tools' },
  { path: '/about', heading: 'About Us' },
  { path: '/contact', heading: 'Contact' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
];

test.describe('site pages', () => {
  for (const { path, heading } of sitePages) {
    test(`${path} shows "${heading}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner').getByRole('link', { name: 'All Tools', exact: true })).toBeAttached();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('not found', () => {
  for (const path of ['/no-such-page', '/tools/no-such-tool', '/tools/merge-pdf/extra']) {
    test(`${path} shows the not-found page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
      const back = page.getByRole('link', { name: 'Back to Home', exact: true });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free Online Tools to Make Your Work Easier');
    });
  }
});
