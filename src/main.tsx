import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Radix Themes without the colour scales the site never uses: the stylesheet blocks the first paint.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import './site/site.css';
import { initDemoModeFromUrl } from './engine/demo-mode';
import { createAppRouter, isKnownPath } from './routes';
import { App } from './site/App';
import { registerServiceWorker } from './site/update-available';

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

/**
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
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}

// Offline support and installability; never in development, where files change under the worker.
if (import.meta.env.PROD) window.addEventListener('load', () => void registerServiceWorker());
