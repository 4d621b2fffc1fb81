/**
 * Server entry, built with `vite build --ssr` and used only at build time by
 * scripts/vite-prerender.ts: renders one path of the app to HTML. The router's
 * load runs the tool route's loader, which loads the tool page and its
 * bespoke view first, so a tool page's heading, how-to and drop zone are in
 * the HTML. Rendering is synchronous (renderToString): no streaming scripts,
 * which the Content-Security-Policy would refuse.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from './routes';
import { App } from './site/App';

export async function renderPath(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // A lazy part inside a view suspends the first time; React.lazy keeps what
  // it loaded, so rendering again once the import settles gives the whole page.
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    if (!/<!--\$[?!]-->/.test(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} still suspends after every lazy part loaded`);
}
