import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library cleans up automatically only with Vitest globals; do it here for DOM tests.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// The run's words of the libraries and processors, as a host installs them (src/lib/i18n/run-messages.ts).
{
  const [{ installRunMessages }, files, processors] = await Promise.all([
    import('./src/lib/i18n/run-messages'),
    import('./locales/en/run-files.json').then((m) => m.default),
    import('./locales/en/processors.json').then((m) => m.default),
  ]);
  installRunMessages('en', { files, processors });
}

// Every English catalog is in place, as a page has its own before it renders (src/site/site-locale.ts).
{
  const { loadMessages } = await import('./src/lib/i18n/messages');
  await loadMessages('common', 'home', 'tools', 'engine', 'views', 'pdf-views', 'workflow', 'pages');
  // The tools' and workflows' titles and descriptions, as a page that lists them has them.
  const { localizeCatalogue, loadCatalogueDescriptions } = await import('./src/engine/catalogue-summary');
  await localizeCatalogue('en');
  await loadCatalogueDescriptions();
}

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
