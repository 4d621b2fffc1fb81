/**
 * The page's entry: its stylesheets, then the application once the pre-rendered
 * page has painted. The page is complete HTML, so the first paint waits for no
 * script; the route's chunks (listed by the build in #root's data-chunks) are
 * fetched together with the application instead of after it.
 */
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

function startApp(): void {
  const chunks = document.getElementById('root')?.dataset.chunks;
  for (const href of chunks ? chunks.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
}

// The callback of the next animation frame runs before that frame paints; the timeout after it, once it has.
requestAnimationFrame(() => setTimeout(startApp, 0));
