import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { initDemoModeFromUrl } from './engine/demo/demo-mode';
import { localizedPath, splitLocale, type Locale } from './lib/i18n/locales';
import { readPageData, seedPageData } from './lib/page-data';
import type { AppRouter } from './routes';
import { FirstPage } from './site/FirstPage';
import { isKnownPath, loadPage } from './site/pages';
import { prepareLocale } from './site/site-locale';
import { registerServiceWorker } from './site/update-available';

const loadRouter = () => import('./routes');

/**
 * The first click on a link: loads the router, which shows that page, once it has
 * loaded, in place of the first one, and every page after it. The first page runs
 * without the router, so a page that has painted is live sooner.
 */
function firstNavigation(reactRoot: () => Root, locale: Locale): (to: string) => void {
  let routed: Promise<AppRouter> | undefined;
  return (to) => {
    const href = localizedPath(to, locale);
    if (routed) {
      void routed.then((router) => router.navigate({ href }));
      return;
    }
    routed = loadRouter().then(
      async ({ createAppRouter, RoutedApp }) => {
        const router = createAppRouter(locale);
        router.history.push(href);
        await router.load();
        flushSync(() =>
          reactRoot().render(
            <StrictMode>
              <RoutedApp router={router} />
            </StrictMode>,
          ),
        );
        // As the router does for every later page.
        if (!location.hash) window.scrollTo(0, 0);
        return router;
      },
      () => {
        // The router's code did not arrive (the connection dropped): the browser opens the page itself.
        routed = undefined;
        location.assign(href);
        return new Promise<AppRouter>(() => undefined);
      },
    );
  };
}

/**
 * Starts the application: the pre-rendered page preloads this module's code
 * while it paints, src/entry.ts imports it once the stylesheets have loaded,
 * and calls this once the page has painted.
 */
export async function start(): Promise<void> {
  // Read ?demo=1 / ?demo=0 before the first render so every page agrees.
  initDemoModeFromUrl();

  const element = document.getElementById('root');
  if (!element) throw new Error('Missing #root element');
  // The address's locale prefix (/es/...) says the page's language; the rest is the page.
  const { locale, path: pathname } = splitLocale(location.pathname);
  // The language data the page was drawn with is in its HTML (src/lib/page-data.ts).
  seedPageData(readPageData());
  const localeReady = prepareLocale(locale);
  /*
   * Pages are pre-rendered at build time (scripts/vite-prerender.ts) from the
   * same tree. When the HTML is this path's own page, or the not-found page served
   * for an unknown path, React hydrates it; otherwise (the development server, or
   * a host that serves another page) it renders afresh.
   */
  const prerendered = element.dataset.prerendered;
  const hydrating =
    (prerendered === location.pathname || (prerendered === '404' && !isKnownPath(pathname))) && document.documentElement.lang === locale;
  await localeReady;
  const page = await loadPage(pathname, hydrating);
  // Fetched ahead of the click; a failure shows when a link is followed.
  const prepare = () => void loadRouter().catch(() => undefined);
  let root: Root | undefined;
  const navigate = firstNavigation(() => root!, locale);

  if (hydrating) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page.
    startTransition(() => {
      root = hydrateRoot(
        element,
        <StrictMode>
          <FirstPage pathname={pathname} page={page} navigate={navigate} prepare={prepare} />
        </StrictMode>,
      );
    });
  } else {
    element.replaceChildren();
    root = createRoot(element);
    root.render(
      <StrictMode>
        <FirstPage pathname={pathname} page={page} navigate={navigate} prepare={prepare} />
      </StrictMode>,
    );
  }

  // Offline support and installability; never in development, where files change under the worker.
  // The application starts after the first paint (src/entry.ts), often after the load event.
  if (import.meta.env.PROD) {
    if (document.readyState === 'complete') void registerServiceWorker();
    else window.addEventListener('load', () => void registerServiceWorker());
  }
}
