/**
 * The web app manifest and service worker settings (vite-plugin-pwa, Workbox).
 * Precached: the shell (HTML of every pre-rendered English page, CSS, the
 * site's and tool pages' JavaScript, icons). Not precached: engines (WASM,
 * fonts, models, pdf.js, large libraries); each is cached on its first use
 * (cache first: their file names carry a content hash), so a tool used once
 * works offline. The other languages' pages and texts are kept by
 * public/locale-pages-sw.js once a page in that language is opened.
 * Cross-origin isolation where the host sends no headers: public/isolation-sw.js
 * adds COOP and COEP to every same-origin response the worker hands to a page,
 * and every same-origin GET goes through the worker (the last route: network
 * only), so none reaches the page without them.
 */
import { VitePWA } from 'vite-plugin-pwa';
import { readManifests } from '../src/manifests/read.ts';
import { LOCALE_INFO, TRANSLATED_LOCALES } from '../src/lib/i18n/locales.ts';
import { LANGUAGE_CACHE, LANGUAGE_CHUNKS } from './vite-language-chunks.ts';

/** The tools an installed FileDesk opens files with (from the desktop, or shared from a phone). */
export const FILE_TARGETS = { pdf: 'pdf-compressor', pdfs: 'merge-pdf', image: 'image-compressor' } as const;

/** Files larger than this are engines: cached on first use rather than precached. */
export const PRECACHE_MAX_BYTES = 300 * 1024;

const IMAGE_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'], 'image/gif': ['.gif'] };

export function pwa(manifestRoot: string) {
  const fileTools = new Set(readManifests(manifestRoot).filter((t) => t.category === 'pdf' || t.category === 'image').map((t) => t.slug));
  for (const slug of Object.values(FILE_TARGETS)) {
    if (!fileTools.has(slug)) throw new Error(`scripts/pwa.ts names a tool that has no manifest: ${slug}`);
  }
  return VitePWA({
    registerType: 'prompt',
    // src/main.tsx registers the worker, in production builds only, and asks before reloading.
    injectRegister: false,
    includeAssets: ['favicon.svg', 'tool-icons.svg', 'icons/*.png'],
    manifest: {
      id: '/',
      name: 'FileDesk: free file tools',
      short_name: 'FileDesk',
      description: 'Free file tools that run on your device: compress, convert, split and merge PDFs, images and more. Nothing is uploaded.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#3e63dd',
      categories: ['productivity', 'utilities'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
      // Chromium's File Handling: an installed FileDesk opens PDFs and images from the desktop.
      file_handlers: [
        { action: `/tools/${FILE_TARGETS.pdf}`, accept: { 'application/pdf': ['.pdf'] } },
        { action: `/tools/${FILE_TARGETS.image}`, accept: IMAGE_TYPES },
      ],
      // Web Share Target: "Share" to FileDesk from a phone's gallery or files app.
      share_target: {
        action: '/share-target',
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { title: 'title', text: 'text', files: [{ name: 'files', accept: ['application/pdf', ...Object.keys(IMAGE_TYPES)] }] },
      },
    } as Record<string, unknown>,
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,xml,txt,webmanifest}'],
      // The other languages' pages and texts (scripts/vite-language-chunks.ts) are kept by locale-pages-sw.js
      // as a visitor uses them, so installing the worker costs one language, not nine.
      globIgnores: [
        'samples/**',
        '.vite/**',
        `${LANGUAGE_CHUNKS}/**`,
        ...TRANSLATED_LOCALES.flatMap((l) => [`${LOCALE_INFO[l].prefix.slice(1)}/**`, `${LOCALE_INFO[l].prefix.slice(1)}.html`]),
      ],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Large scripts are engines and libraries of single tools: left to the runtime cache.
      // Pages and stylesheets are the shell whatever their size.
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((e) => e.size <= PRECACHE_MAX_BYTES || /\.(html|css)$/.test(e.url)),
          warnings: [],
        }),
      ],
      // Workbox's precache route serves /tools/merge-pdf from tools/merge-pdf.html (clean URLs);
      // other navigations get 404.html.
      navigateFallback: '/404.html',
      // A page's query (?demo=0, the share target's ?shared=2) is read by the app: the page is the same file.
      ignoreURLParametersMatching: [/.*/],
      navigateFallbackDenylist: [/^\/share-target/, ...TRANSLATED_LOCALES.map((l) => new RegExp(`^${LOCALE_INFO[l].prefix}(/|$)`))],
      // isolation-sw.js: COOP and COEP on every same-origin response (threads on headerless hosts).
      // locale-pages-sw.js: the pages of the other languages, online and offline.
      importScripts: ['/isolation-sw.js', '/share-target-sw.js', '/locale-pages-sw.js'],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        // A language's texts, kept as they are used (and all at once by locale-pages-sw.js), in the cache that script fills.
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`/${LANGUAGE_CHUNKS}/`),
          handler: 'CacheFirst',
          options: { cacheName: LANGUAGE_CACHE },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            // Everything under /engines/ too: the background-removal model's chunks are named by hash alone.
            sameOrigin && (url.pathname.startsWith('/engines/') || /\.(wasm|js|mjs|data|bin|onnx|traineddata|ttf|otf|woff2?|json|gz)$/.test(url.pathname)),
          handler: 'CacheFirst',
          options: { cacheName: 'filedesk-engines', expiration: { maxEntries: 300 } },
        },
        // Every other same-origin GET (images, media, samples ...) through the worker too, as it
        // would go without one, so isolation-sw.js gives it the isolation headers.
        { urlPattern: ({ sameOrigin }) => sameOrigin, handler: 'NetworkOnly' },
      ],
    },
  });
}
