/**
 * Server entry, built with `vite build --ssr` and used only at build time by
 * scripts/vite-prerender.ts: renders one path of the site to HTML, as the
 * browser draws the first page it opens (src/site/FirstPage.tsx). Loading the
 * page loads a tool page (and the form and view a page for typed text shows) first, so a tool page's heading,
 * how-to and drop zone are in the HTML. Rendering is synchronous
 * (renderToString): no streaming scripts, which the Content-Security-Policy
 * would refuse.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { FirstPage } from './site/FirstPage';
import { splitLocale } from './lib/i18n/locales';
import { startRecording, takeRecording, type PageData } from './lib/page-data';
import { loadPage } from './site/pages';
import { prepareLocale } from './site/site-locale';

/** A page's markup, and the language data it was drawn with (src/lib/page-data.ts), for its HTML. */
export async function renderPath(localized: string): Promise<{ html: string; data: PageData }> {
  // The build renders every locale's pages in turn: each render first makes its locale the page's.
  const { locale, path } = splitLocale(localized);
  startRecording();
  await prepareLocale(locale);
  const page = await loadPage(path);
  // A lazy part inside a view suspends the first time; React.lazy keeps what
  // it loaded, so rendering again once the import settles gives the whole page.
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = renderToString(
      <StrictMode>
        <FirstPage pathname={path} page={page} navigate={() => undefined} />
      </StrictMode>,
    );
    if (!/<!--\$[?!]-->/.test(html)) return { html, data: takeRecording() };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${localized} still suspends after every lazy part loaded`);
}
