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
import { loadPage } from './site/pages';

export async function renderPath(path: string): Promise<string> {
  const page = await loadPage(path);
  // A lazy part inside a view suspends the first time; React.lazy keeps what
  // it loaded, so rendering again once the import settles gives the whole page.
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = renderToString(
      <StrictMode>
        <FirstPage pathname={path} page={page} navigate={() => undefined} />
      </StrictMode>,
    );
    if (!/<!--\$[?!]-->/.test(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} still suspends after every lazy part loaded`);
}
