import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library cleans up automatically only with Vitest globals; do it here for DOM tests.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// Component tests render tool pages without the route's preloading: the options form is there from the start.
if (typeof document !== 'undefined') await import('./src/engine/options-form-lazy').then((module) => module.loadOptionsForm());

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
