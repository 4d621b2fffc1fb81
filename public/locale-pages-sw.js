/*
 * Service worker part (imported by the Workbox worker, scripts/pwa.ts): the pages of the
 * languages other than English. The precache holds the English pages; a language's pages
 * are cached by this part, so the worker's install stays the size of one language:
 * - a visit to a page under a language prefix is answered from the network, and kept;
 *   offline, from what was kept, else that language's not-found page;
 * - a page in a language asks, once, for all of that language's pages to be kept
 *   (src/site/offline-pages.ts), and its texts with them (the chunks listed in
 *   /assets/lang/<prefix>/files.json), so the site works offline in the visitor's language
 *   as it does in English.
 * The prefixes are LOCALE_INFO's of src/lib/i18n/locales.ts (tests/locale-pages-sw.test.ts
 * holds them equal). Responses go out through isolation-sw.js like every other.
 */
/* global self, caches, fetch, URL, Response */
(() => {
  const CACHE = 'filedesk-pages';
  /** The folder of each language's texts and the cache the worker's route for them reads (scripts/vite-language-chunks.ts; tests/locale-pages-sw.test.ts holds them equal). */
  const TEXTS = '/assets/lang';
  const TEXTS_CACHE = 'filedesk-languages';
  const PREFIXES = ['/es', '/pt-br', '/fr', '/de', '/ja', '/zh-cn', '/ar', '/hi'];
  const prefixOf = (path) => PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  /** A page is kept under its address without the query (?demo=0 is the same page). */
  const keyOf = (url) => `${url.origin}${url.pathname}`;

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET' || request.mode !== 'navigate') return;
    const url = new URL(request.url);
    const prefix = url.origin === self.location.origin && prefixOf(url.pathname);
    if (!prefix) return;
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put(keyOf(url), response.clone());
          return response;
        } catch {
          return (await cache.match(keyOf(url))) ?? (await cache.match(`${url.origin}${prefix}/404.html`)) ?? Response.error();
        }
      })(),
    );
  });

  self.addEventListener('message', (event) => {
    const { data } = event;
    if (!data || data.type !== 'filedesk-keep-pages' || !Array.isArray(data.paths)) return;
    const paths = data.paths.filter((path) => typeof path === 'string' && prefixOf(path));
    const prefix = paths.length > 0 ? prefixOf(paths[0]) : undefined;
    event.waitUntil(Promise.all([keep(CACHE, paths), prefix ? keepTexts(prefix) : undefined]));
  });

  /** Fetches each path and keeps what comes back, under its address. */
  async function keep(cacheName, paths) {
    const cache = await caches.open(cacheName);
    await Promise.all(
      paths.map((path) => {
        const url = new URL(path, self.location.origin);
        return fetch(url)
          .then((response) => (response.ok ? cache.put(keyOf(url), response) : undefined))
          .catch(() => undefined);
      }),
    );
  }

  /** The language's texts, the chunks listed in its folder (scripts/vite-language-chunks.ts), kept where the worker's route for them looks. */
  async function keepTexts(prefix) {
    try {
      const response = await fetch(new URL(`${TEXTS}${prefix}/files.json`, self.location.origin));
      const files = response.ok ? await response.json() : [];
      if (Array.isArray(files)) await keep(TEXTS_CACHE, files.filter((file) => typeof file === 'string' && file.startsWith(`${TEXTS}${prefix}/`)));
    } catch {
      // Texts not kept now are kept as the pages that need them are used.
    }
  }
})();
