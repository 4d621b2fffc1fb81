/*
 * Service worker part (imported by the Workbox worker): receives files shared
 * to FileDesk from another app (Web Share Target, POST /share-target), keeps
 * them in a cache for the page to pick up, and opens the tool that fits them.
 * The tool page (src/site/incoming-files.ts) reads them and clears the cache.
 */
/* global self, caches, Response, URL */
const SHARED_CACHE = 'filedesk-shared-files';

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      const data = await event.request.formData();
      const files = data.getAll('files').filter((f) => typeof f !== 'string');
      const cache = await caches.open(SHARED_CACHE);
      for (const key of await cache.keys()) await cache.delete(key);
      await Promise.all(
        files.map((file, i) =>
          cache.put(
            `/shared-files/${i}`,
            new Response(file, { headers: { 'Content-Type': file.type || 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) } }),
          ),
        ),
      );
      const pdfs = files.length > 0 && files.every((f) => f.type === 'application/pdf');
      const images = files.length > 0 && files.every((f) => f.type.startsWith('image/'));
      const target = pdfs ? (files.length > 1 ? '/tools/merge-pdf' : '/tools/pdf-compressor') : images ? '/tools/image-compressor' : '/tools';
      return Response.redirect(`${target}?shared=${files.length}`, 303);
    })(),
  );
});
