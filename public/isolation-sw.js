/*
 * Service worker part (imported by the Workbox worker, scripts/pwa.ts):
 * cross-origin isolation on hosts that cannot set response headers. Every
 * same-origin response this worker hands to a page (pages, scripts, workers,
 * WebAssembly, whether from the precache, the runtime cache or the network)
 * gets Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy added, its
 * other headers, status and body kept. The caches keep the responses as they
 * came; the headers are added on the way out. The values are ISOLATION_HEADERS
 * of src/lib/threads.ts (tests/isolation-sw.test.ts holds them equal).
 *
 * A first visit to a host that sends no isolation headers: that page is not
 * isolated (crossOriginIsolated is false, no SharedArrayBuffer), so engines run
 * their one-thread build (threadCount() is 1) and every tool works as usual.
 * Nothing reloads the page. The worker installs in the background after the
 * page has loaded; it does not take over the open page (no clients.claim),
 * and moving between pages with the site's own links keeps that same
 * document, so the first tab stays one-threaded. The next page load (a
 * reload, a new tab, a link opened in a new tab, a later visit) is served by
 * the worker with the headers and is isolated, with threads. A host that does
 * send the headers is isolated from the first visit; the worker changes nothing
 * there.
 */
/* global self, FetchEvent, Headers, Response, URL */
(() => {
  const ISOLATION_HEADERS = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  };
  /** Statuses whose response may not carry a body. */
  const NULL_BODY = new Set([101, 103, 204, 205, 304]);

  /** The response with the isolation headers added; opaque, error and cross-origin responses as they are. */
  const isolate = (response) => {
    if (!(response instanceof Response)) return response;
    // basic: same-origin from the network or a cache; default: made by this worker (Response.redirect, new Response).
    if (response.type !== 'basic' && response.type !== 'default') return response;
    if (Object.entries(ISOLATION_HEADERS).every(([name, value]) => response.headers.get(name) === value)) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
    return new Response(NULL_BODY.has(response.status) ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

  // Every route answers through event.respondWith (Workbox's precache, navigation and runtime
  // routes, the share target), so the headers are added there, once, for all of them.
  const respondWith = FetchEvent.prototype.respondWith;
  FetchEvent.prototype.respondWith = function (response) {
    if (new URL(this.request.url).origin !== self.location.origin) return respondWith.call(this, response);
    return respondWith.call(this, Promise.resolve(response).then(isolate));
  };
})();
