/**
 * The site in every language: each locale's pages are pre-rendered under its prefix with its
 * own lang, dir, title, canonical link and hreflang alternates, hydrate, and read from that
 * locale's catalogs; the switcher keeps the visitor on the same page and remembers the choice;
 * a browser that prefers one of the site's languages is offered it, not redirected; Arabic is
 * laid out right to left with no sideways scroll on a phone; axe finds nothing serious in
 * Arabic and Japanese; a real job reports in the page's language.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { loadManifests, makePdf, upload } from './support';
import { LOCALE_INFO, LOCALES, localizedPath, TRANSLATED_LOCALES, type Locale } from '../src/lib/i18n/locales';

const tools = loadManifests();
const catalog = (locale: Locale, namespace: string) => JSON.parse(readFileSync(`locales/${locale}/${namespace}.json`, 'utf8')) as Record<string, string>;
const toolTexts = (locale: Locale, slug: string) =>
  locale === 'en' ? { title: tools.find((t) => t.slug === slug)!.title } : (JSON.parse(readFileSync(`locales/${locale}/tools/${slug}.json`, 'utf8')) as Record<string, string>);

for (const locale of LOCALES) {
  test(`${locale}: the home page, All Tools and a tool page are pre-rendered in ${LOCALE_INFO[locale].name} and hydrate`, async ({ page, request }) => {
    const home = catalog(locale, 'home');
    const merge = toolTexts(locale, 'merge-pdf');
    const pages: [path: string, h1: string][] = [
      [localizedPath('/', locale), home['hero.heading'] ?? catalog('en', 'home')['hero.heading']],
      [localizedPath('/tools', locale), catalog(locale, 'tools').title],
      [localizedPath('/tools/merge-pdf', locale), merge.title],
    ];
    for (const [path, h1] of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}">`);
      expect(html, path).toContain(`<link rel="canonical" href=`);
      for (const other of LOCALES) expect(html, `${path} → ${other}`).toContain(`hreflang="${other}"`);
      expect(html).toContain('hreflang="x-default"');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
  });
}

test('the switcher opens the same page in another language, keeps the language as the visitor moves on, and remembers it', async ({ page }) => {
  await page.goto('/es/tools/merge-pdf');
  const menu = page.getByRole('banner').locator('.language-menu');
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/tools\/merge-pdf$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(toolTexts('de', 'merge-pdf').title);
  expect(await page.evaluate(() => localStorage.getItem('filedesk-locale'))).toBe('de');
  // A link inside the site stays in German.
  await page.getByRole('banner').getByRole('link', { name: catalog('de', 'common')['nav.allTools'] }).first().click();
  await expect(page).toHaveURL(/\/de\/tools$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('de', 'tools').title);
});

test.describe('a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('is offered the French page, in French, and is not redirected; declining is remembered', async ({ page }) => {
    await page.goto('/tools');
    await expect(page).toHaveURL(/\/tools$/);
    const offer = page.locator('.language-offer');
    await expect(offer).toHaveAttribute('lang', 'fr');
    await expect(offer).toContainText(catalog('fr', 'common')['offer.text']);
    await offer.getByRole('button').click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Tools');
    await expect(page.locator('.language-offer')).toHaveCount(0);
  });

  test('follows the offer to the same page in French', async ({ page }) => {
    await page.goto('/tools/merge-pdf');
    await page.locator('.language-offer').getByRole('link').click();
    await expect(page).toHaveURL(/\/fr\/tools\/merge-pdf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(toolTexts('fr', 'merge-pdf').title);
    await expect(page.locator('.language-offer')).toHaveCount(0);
  });
});

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('is laid out right to left, with no sideways scroll', async ({ page }, testInfo) => {
    const dir = testInfo.outputPath('rtl');
    mkdirSync(dir, { recursive: true });
    for (const path of ['/ar', '/ar/tools', '/ar/tools/merge-pdf', '/ar/tools/image-compressor', '/ar/workflows/new']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      // The heading starts at the right: right to left, for real.
      const box = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(box.x + box.width, `${path} heading sits on the right`).toBeGreaterThan(360 / 2);
      await page.screenshot({ path: `${dir}/${path.replaceAll('/', '_')}.png`, fullPage: true });
    }
  });
});

for (const locale of ['ar', 'ja'] as const) {
  test(`axe finds nothing serious in ${LOCALE_INFO[locale].name}`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of ['/', '/tools', '/tools/merge-pdf', '/tools/image-compressor', '/tools/text-case-converter']) {
      await page.goto(localizedPath(path, locale));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });
}

for (const locale of TRANSLATED_LOCALES) {
  test(`${locale}: a real merge reports in the page's language`, async ({ page }) => {
    const texts = toolTexts(locale, 'merge-pdf');
    await page.goto(`${localizedPath('/tools/merge-pdf', locale)}?demo=0`);
    await page.getByTestId('file-input').setInputFiles([
      upload('a.pdf', 'application/pdf', await makePdf([300, 300], 'A')),
      upload('b.pdf', 'application/pdf', await makePdf([300], 'B')),
    ]);
    await page.getByRole('button', { name: texts['action.label'], exact: true }).click();
    const success = texts['messages.success'].replace('{files}', '2');
    await expect(page.getByTestId('toast').filter({ hasText: success })).toBeVisible({ timeout: 30_000 });
  });
}

test("a processor's message reaches the visitor in the page's language", async ({ page }) => {
  const texts = toolTexts('de', 'merge-pdf');
  const run = catalog('de', 'run');
  await page.goto('/de/tools/merge-pdf?demo=0');
  await page.getByTestId('file-input').setInputFiles([
    upload('a.pdf', 'application/pdf', await makePdf([300], 'A')),
    upload('kaputt.pdf', 'application/pdf', Buffer.from('this is not a PDF at all')),
  ]);
  await page.getByRole('button', { name: texts['action.label'], exact: true }).click();
  // The worker said it in German, from locales/de/run.json.
  await expect(page.getByText(run['pdf.notPdf'].replace('{name}', 'kaputt.pdf')).first()).toBeVisible({ timeout: 30_000 });
});
