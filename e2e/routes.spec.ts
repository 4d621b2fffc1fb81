/** Every route renders: each tool page (from the manifests on disk), the site pages, and the not-found page. */
import { expect, test } from './fixtures';
import { loadManifests } from './support';

const tools = loadManifests();

test('the manifests on disk are found', () => {
  expect(tools.length).toBeGreaterThan(0);
});

// One browser page visits a dozen tool pages in turn: a new context per page costs more than the visit.
const GROUP = 12;
const groups: (typeof tools)[] = [];
for (const category of new Set(tools.map((t) => t.category))) {
  const inCategory = tools.filter((t) => t.category === category);
  for (let i = 0; i < inCategory.length; i += GROUP) groups.push(inCategory.slice(i, i + GROUP));
}
test.describe('tool pages', () => {
  for (const group of groups) {
    test(`${group[0].category} tools ${group[0].slug} to ${group.at(-1)!.slug} show their titles`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const tool of group) {
        await test.step(`/tools/${tool.slug} shows "${tool.title}"`, async () => {
          await page.goto(`/tools/${tool.slug}`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.title);
          await expect(page).toHaveTitle(`${tool.title} - FileDesk`);
        });
      }
    });
  }
});

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
