/**
 * public/locale-pages-sw.js, the part of the service worker that keeps the pages of the other
 * languages: its prefixes are the site's, and it answers a language's pages from the network,
 * keeps them, answers them offline, and falls back to that language's not-found page.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, TRANSLATED_LOCALES } from '../src/lib/i18n/locales';
import { pagesOf } from '../src/site/offline-pages';
import { LANGUAGE_CACHE, LANGUAGE_CHUNKS } from '../scripts/vite-language-chunks';

const source = readFileSync(new URL('../public/locale-pages-sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://filedesk.test';

/** Runs the script in a sandbox with a fake cache and network; returns its listeners. */
function load(network: (url: string) => Response | undefined) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const store = new Map<string, Response>();
  const cache = {
    put: async (key: string, response: Response) => void store.set(key, response),
    match: async (key: string) => store.get(key)?.clone(),
  };
  runInNewContext(source, {
    self: { location: { origin: ORIGIN }, addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn) },
    caches: { open: async () => cache },
    fetch: async (request: Request | URL | string) => {
      const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
      const response = network(url);
      if (!response) throw new TypeError('Failed to fetch');
      return response;
    },
    URL,
    Response,
  });
  const navigate = async (path: string) => {
    let answer: Promise<Response> | undefined;
    listeners.fetch({ request: { method: 'GET', mode: 'navigate', url: ORIGIN + path }, respondWith: (r: Promise<Response>) => (answer = r) });
    return answer;
  };
  return { listeners, store, navigate };
}

describe('public/locale-pages-sw.js', () => {
  it("lists exactly the site's language prefixes", () => {
    const listed = /const PREFIXES = (\[[^\]]*\])/.exec(source)![1];
    expect(JSON.parse(listed.replace(/'/g, '"'))).toEqual(TRANSLATED_LOCALES.map((l) => LOCALE_INFO[l].prefix));
  });

  it("names the build's folder of language texts and the cache the worker's route for them reads", () => {
    expect(/const TEXTS = '([^']*)'/.exec(source)![1]).toBe(`/${LANGUAGE_CHUNKS}`);
    expect(/const TEXTS_CACHE = '([^']*)'/.exec(source)![1]).toBe(LANGUAGE_CACHE);
  });

  it('leaves English pages and other requests to the precache', async () => {
    const { navigate } = load(() => new Response('x'));
    expect(await navigate('/tools/merge-pdf')).toBeUndefined();
    expect(await navigate('/esp/tools')).toBeUndefined();
  });

  it('keeps a page it answers from the network and answers it offline, the query aside', async () => {
    let online = true;
    const { navigate } = load((url) => (online ? new Response(`page ${new URL(url).pathname}`, { status: 200 }) : undefined));
    expect(await (await navigate('/es/tools/merge-pdf?demo=0'))!.text()).toBe('page /es/tools/merge-pdf');
    online = false;
    expect(await (await navigate('/es/tools/merge-pdf'))!.text()).toBe('page /es/tools/merge-pdf');
  });

  it("keeps a language's texts with its pages: the chunks its folder lists, and nothing outside that folder", async () => {
    const listed = ['/assets/lang/fr/merge-pdf-a1.js', '/assets/lang/fr/common-b2.js', '/assets/main-c3.js', '/assets/lang/de/merge-pdf-d4.js'];
    const { listeners, store } = load((url) => {
      const path = new URL(url).pathname;
      if (path === '/assets/lang/fr/files.json') return new Response(JSON.stringify(listed));
      return new Response(`file ${path}`);
    });
    let kept: Promise<unknown> = Promise.resolve();
    listeners.message({ data: { type: 'filedesk-keep-pages', paths: ['/fr/tools'] }, waitUntil: (p: Promise<unknown>) => (kept = p) });
    await kept;
    expect([...store.keys()].filter((key) => key.includes('/assets/')).sort()).toEqual([`${ORIGIN}/assets/lang/fr/common-b2.js`, `${ORIGIN}/assets/lang/fr/merge-pdf-a1.js`]);
    expect(await store.get(`${ORIGIN}/assets/lang/fr/merge-pdf-a1.js`)!.text()).toBe('file /assets/lang/fr/merge-pdf-a1.js');
    expect(store.has(`${ORIGIN}/fr/tools`)).toBe(true);
  });

  it("offline, answers a page it never kept with its language's not-found page", async () => {
    let online = true;
    const { listeners, navigate } = load((url) => (online ? new Response(`page ${new URL(url).pathname}`) : undefined));
    let kept: Promise<unknown> = Promise.resolve();
    listeners.message({ data: { type: 'filedesk-keep-pages', paths: ['/fr/404.html', '/fr', '/tools'] }, waitUntil: (p: Promise<unknown>) => (kept = p) });
    await kept;
    online = false;
    expect(await (await navigate('/fr'))!.text()).toBe('page /fr');
    expect(await (await navigate('/fr/tools/never-seen'))!.text()).toBe('page /fr/404.html');
  });

  it("is asked to keep every page of the visitor's language", () => {
    const paths = pagesOf('ja');
    expect(paths).toContain('/ja');
    expect(paths).toContain('/ja/tools/merge-pdf');
    expect(paths).toContain('/ja/workflows/new');
    expect(paths).toContain('/ja/404.html');
    expect(paths.every((p) => p.startsWith('/ja'))).toBe(true);
  });
});
