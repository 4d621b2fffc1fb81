/**
 * The page's entry: its stylesheets, then the application once the pre-rendered
 * page has painted. The page is complete HTML, so the first paint waits for no
 * script. This is an async script: it catches files chosen or dropped from the
 * moment it runs until the drop zone is live (src/early-files.ts). The page's
 * low-priority modulepreload links (scripts/vite-prerender.ts) fetch the application
 * and the route's chunks; this script imports the application once the stylesheets
 * have arrived, so it never competes with the download the first paint waits for,
 * and starts it once the page has painted.
 */
// Radix Themes without the colour scales the site never uses, and (scripts/radix-css.ts) without the
// components it never imports: this stylesheet blocks the first paint.
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
import { followSystemAppearance } from './appearance';
import { catchEarlyFiles } from './early-files';

followSystemAppearance();
catchEarlyFiles();
// Every form of the site is handled on the page. Before the application is live, a press of a
// form's button would send the page's form to the server, reloading the page without what was typed.
window.addEventListener('submit', (event) => event.preventDefault(), true);

/** Resolves once the page is parsed and every stylesheet it links has loaded (or failed to). */
function afterStylesheets(): Promise<void> {
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
    else resolve();
  });
  return parsed.then(async () => {
    const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
    await Promise.all(
      pending.map(
        (link) =>
          new Promise((resolve) => {
            link.addEventListener('load', resolve, { once: true });
            link.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
  });
}

/** Runs `start` once the browser has painted the page's content (or after a while, where paint timing is missing). */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // A page that is not painting (a tab opened in the background) starts when it is shown, as the observer would.
  const fallback = () => (document.visibilityState === 'visible' ? setTimeout(once, 1500) : undefined);
  if (!fallback()) document.addEventListener('visibilitychange', fallback, { once: true });
}

const app = afterStylesheets().then(() => import('./main'));
afterFirstPaint(() => void app.then((main) => main.start()));
