/**
 * The page's entry: its stylesheets, then the application once the pre-rendered
 * page has painted. The page is complete HTML, so the first paint waits for no
 * script; the application and the route's chunks (listed by the build in #root's
 * data-chunks) are fetched while it paints and run once it has painted. Until the drop
 * zone is live, files chosen or dropped are kept for it (src/early-files.ts).
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
import { catchEarlyFiles } from './early-files';

catchEarlyFiles();

/**
 * Fetches the application and the route's chunks at once (the application first: it is the
 * largest and everything waits for it), while the page paints; importing src/main.tsx only
 * defines it. The application starts once the page has painted.
 */
function loadApp(): Promise<typeof import('./main')> {
  const app = import('./main');
  const chunks = document.getElementById('root')?.dataset.chunks;
  for (const href of chunks ? chunks.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  return app;
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

const app = loadApp();
afterFirstPaint(() => void app.then((main) => main.start()));
