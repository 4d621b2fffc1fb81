import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library cleans up automatically only with Vitest globals; do it here for DOM tests.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// Component tests render tool pages without the route's preloading: the parts a page loads on
// first use (the options form, the results, the toast library) are there from the start.
if (typeof document !== 'undefined') {
  const [form, results, notify] = await Promise.all([
    import('./src/engine/options-form-lazy'),
    import('./src/engine/result-parts'),
    import('./src/engine/notify'),
  ]);
  await Promise.all([form.loadOptionsForm(), results.loadResultParts(), notify.loadToasts()]);
}

// jsdom has no matchMedia; toasts and the theme ask it for motion and colour-scheme preferences.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
