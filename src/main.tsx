import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initDemoModeFromUrl } from './engine/demo/demo-mode';
import { createAppRouter, isKnownPath } from './routes';
import { App } from './site/App';
import { registerServiceWorker } from './site/update-available';

/**
 * Starts the application: the pre-rendered page preloads this module's code
 * while it paints, src/entry.ts imports it once the stylesheets have loaded,
 * and calls this once the page has painted.
 */
export async function start(): Promise<void> {
  // Read ?demo=1 / ?demo=0 before the first render so every page agrees.
  initDemoModeFromUrl();

  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');

  const app = (
    // The toast area (react-hot-toast's <Toaster position="top-right" />) lives in the root layout.
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );

  /*
   * Pages are pre-rendered at build time (scripts/vite-prerender.ts). When the
   * HTML is this path's own page, or the not-found page served for an unknown
   * path, React hydrates it once the route's code is loaded; otherwise (the
   * development server, or a host that serves another page) it renders afresh.
   */
  const prerendered = root.dataset.prerendered;
  const path = location.pathname;
  if (prerendered === path || (prerendered === '404' && !isKnownPath(path))) {
    await router.load();
    // Tells the router the page came from a server render, so it renders the
    // same elements as the build did (no extra Suspense around the root route).
    router.ssr = { manifest: undefined };
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }

  // Offline support and installability; never in development, where files change under the worker.
  // The application starts after the first paint (src/entry.ts), often after the load event.
  if (import.meta.env.PROD) {
    if (document.readyState === 'complete') void registerServiceWorker();
    else window.addEventListener('load', () => void registerServiceWorker());
  }
}
