/**
 * Vite plugin: after the client build, builds src/entry-server.tsx for Node
 * (Vite's SSR build) and writes a real HTML page for every route: /, /tools,
 * /tools/<slug> for every manifest, /workflows/<slug> for every workflow,
 * the chain builder (/workflows/new), the text pages and 404.html. Each page
 * gets its own head (scripts/prerender-head.ts), its rendered markup inside
 * #root (hydrated by src/main.tsx), the stylesheets of the route's chunks, so
 * nothing moves when they load, and low-priority modulepreload links for the
 * application and the route's chunks. Also writes sitemap.xml and robots.txt, and adds the CSP meta tag.
 *
 * Files: /tools/<slug> is dist/tools/<slug>.html, /workflows/<slug> is
 * dist/workflows/<slug>.html, the layout `vite preview` and static hosts with
 * clean URLs resolve; unknown paths get 404.html.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import {
  BUILDER_PATH,
  builderHead,
  CONTENT_SECURITY_POLICY,
  notFoundHead,
  SITE_PAGES,
  headTags,
  robots,
  siteUrl,
  sitePageHead,
  sitemap,
  toolHead,
  workflowHead,
  type PageHead,
} from './prerender-head.ts';
import { formFromStart } from '../src/engine/page-shape.ts';
import { PAGE_DATA_ID } from '../src/lib/page-data.ts';
import { readManifests } from '../src/manifests/read.ts';
import { readWorkflows } from './vite-catalogue.ts';
import { localizedTool, localizedWorkflow, sayer } from './locale-texts.ts';
import { LOCALE_INFO, LOCALES, localizedPath, SOURCE_LOCALE, splitLocale, type Locale } from '../src/lib/i18n/locales.ts';

const SERVER_ENTRY = 'src/entry-server.tsx';
const TOOL_ROUTE = 'src/engine/ToolRoute.tsx';
const WORKFLOW_ROUTE = 'src/workflows/WorkflowRoute.tsx';
const OPTIONS_FORM = 'src/engine/OptionsForm.tsx';
/** The options' state, which loads with the form (engine/options-form-lazy.ts). */
const OPTIONS_STATE = 'src/engine/options-state.tsx';
/** The application, which src/entry.ts imports once the stylesheets have loaded. */
const APP = 'src/main.tsx';
/** The lazily loaded module of each site page (src/site/pages.tsx), preloaded by its pre-rendered HTML. */
const PAGE_MODULES: Record<string, string> = {
  '/tools': 'src/site/AllTools.tsx',
  '/workflows/new': 'src/workflows/ChainBuilder.tsx',
  '/about': 'src/site/About.tsx',
  '/contact': 'src/site/Contact.tsx',
  '/privacy': 'src/site/Privacy.tsx',
  '/terms': 'src/site/Terms.tsx',
};

/** The file a path is written to, relative to dist; each locale's not-found page is <prefix>/404.html. */
export function htmlFile(path: string, locale: Locale = SOURCE_LOCALE): string {
  if (path === '/') return 'index.html';
  if (path === '404') return locale === SOURCE_LOCALE ? '404.html' : `${LOCALE_INFO[locale].prefix.slice(1)}/404.html`;
  return `${path.slice(1)}.html`;
}

/** The manifest key of a module: its own entry, or the shared chunk named after it when other chunks import it too. */
function chunkKey(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = basename(module).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === name) ?? module;
}

/** A chunk and everything it imports statically: its JS files and CSS files. */
function chunkAssets(manifest: Manifest, module: string, js = new Set<string>(), css = new Set<string>()) {
  const key = chunkKey(manifest, module);
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  chunk.css?.forEach((f) => css.add(f));
  chunk.imports?.forEach((k) => chunkAssets(manifest, k, js, css));
  return { js, css };
}

export function prerender(manifestRoot: string, workflowRoot: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'filedesk-prerender',
    apply: (_config, env) => env.command === 'build' || !!env.isPreview,
    config(userConfig) {
      // The client build writes .vite/manifest.json: which chunks a tool page needs.
      if (!userConfig.build?.ssr) return { build: { manifest: true } };
    },
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(
          '<meta charset="UTF-8" />',
          `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`,
        );
      },
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const root = config.root;
      const dist = resolve(root, config.build.outDir);
      // One server build per output folder, so builds to different DIST_DIRs do not overwrite each other's.
      const serverDir = resolve(root, 'node_modules/.filedesk-ssr', basename(dist));
      await build({
        configFile: config.configFile,
        root,
        logLevel: 'warn',
        mode: config.mode,
        build: { ssr: SERVER_ENTRY, outDir: serverDir, emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { output: { format: 'es', entryFileNames: 'entry-server.mjs' } } },
      });
      const { renderPath } = (await import(pathToFileURL(join(serverDir, 'entry-server.mjs')).href)) as {
        renderPath(path: string): Promise<{ html: string; data: Record<string, unknown> }>;
      };

      const base = siteUrl();
      const template = readFileSync(join(dist, 'index.html'), 'utf8');
      const clientManifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
      const tools = readManifests(manifestRoot);
      // The page's own script, which the application's chunks import Vite's preload helper from.
      const entryScript = clientManifest['index.html']?.file;
      const app = chunkAssets(clientManifest, APP).js;
      const manifestKey = (slug: string) => {
        const tool = tools.find((t) => t.slug === slug)!;
        return `manifests/${tool.category}/${tool.slug}.json`;
      };

      /*
       * `modules`: the page's route module first, then the other chunks it loads before rendering;
       * `styled`: chunks whose stylesheets the page's HTML needs but whose code loads later.
       * Every page in every language: English at the root, the others under their prefix. The
       * language data a page is drawn with is written into it (src/lib/page-data.ts), not preloaded.
       */
      const workflows = readWorkflows(workflowRoot, tools);
      const pages: { head: PageHead; render: string; modules: string[]; styled?: string[] }[] = LOCALES.flatMap((locale) => {
        const say = sayer(locale);
        const local = (path: string) => localizedPath(path, locale);
        const localTools = tools.map((t) => localizedTool(t, locale));
        return [
          ...SITE_PAGES.map((p) => ({
            head: sitePageHead(p, base, locale, say),
            render: local(p.path),
            modules: PAGE_MODULES[p.path] ? [PAGE_MODULES[p.path]] : [],
          })),
          ...localTools.map((t) => ({
            head: toolHead(t, base, locale, say),
            render: local(`/tools/${t.slug}`),
            modules: [TOOL_ROUTE, manifestKey(t.slug)],
            // A page for typed text is drawn with its options form, and its bespoke view, whose code loads
            // when the visitor reaches the page (ToolRoute's StartWhenReached); any other view takes over
            // with the first files.
            styled: formFromStart(t) ? [OPTIONS_FORM, OPTIONS_STATE, ...(t.view ? [`src/views/${t.view}.tsx`] : [])] : [],
          })),
          ...workflows.map((w) => ({
            head: workflowHead(localizedWorkflow(w, locale), localTools, base, locale, say),
            render: local(`/workflows/${w.slug}`),
            modules: [WORKFLOW_ROUTE, `workflows/${w.slug}.json`, ...w.steps.map((s) => manifestKey(s.tool))],
          })),
          { head: builderHead(locale, say), render: local(BUILDER_PATH), modules: [PAGE_MODULES[BUILDER_PATH]] },
          { head: notFoundHead(locale, say), render: local('/404-not-found'), modules: [] },
        ];
      });

      for (const page of pages) {
        const { html: markup, data } = await renderPath(page.render);
        // The language data the page was drawn with, read by the page as it starts (src/lib/page-data.ts).
        const pageData = `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
        const js = new Set<string>();
        const css = new Set<string>();
        for (const key of page.modules) chunkAssets(clientManifest, key, js, css);
        for (const key of page.styled ?? []) chunkAssets(clientManifest, key, new Set(js), css);
        const stylesheets = [...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`);
        /*
         * The route's chunks and the application, fetched from the start so a page that has painted
         * is live as soon as it can run them (src/entry.ts). Low priority, and the application (the
         * largest file) last: while the stylesheets the first paint waits for are loading, the
         * browser fetches low-priority files one at a time beside them.
         */
        const scripts = [...[...js].filter((f) => !app.has(f)), ...app]
          .filter((f) => f !== entryScript)
          .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}" />`);
        const { locale } = page.head;
        const html = template
          .replace(/<html lang="en"[^>]*>/, `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}">`)
          .replace(/<title>[\s\S]*?<\/title>/, '')
          .replace(/\s*<meta name="description"[^>]*>/, '')
          .replace('</head>', `  ${headTags(page.head, base)}\n    ${[...stylesheets, ...scripts].join('\n    ')}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.head.path}">${markup}</div>\n    ${pageData}`);
        const file = join(dist, htmlFile(page.head.path, locale));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
      }

      const indexed = pages.filter((p) => p.head.index).map((p) => p.head);
      writeFileSync(join(dist, 'sitemap.xml'), sitemap(indexed, base));
      writeFileSync(join(dist, 'robots.txt'), robots(base));
      if (existsSync(serverDir)) rmSync(serverDir, { recursive: true, force: true });
      config.logger.info(`prerendered ${pages.length} pages for ${base}`);
    },
    configurePreviewServer(server) {
      // Like a static host: an unknown path gets 404.html with status 404 instead of the home page.
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '/').split('?')[0];
        const dist = resolve(config.root, config.build.outDir);
        const accept = req.headers.accept ?? '';
        const looksLikePage = !/\.[a-z0-9]+$/i.test(url) && accept.includes('text/html');
        const known =
          url === '/' || existsSync(join(dist, `${decodeURIComponent(url)}.html`)) || existsSync(join(dist, url, 'index.html'));
        // The not-found page in the address's language.
        const notFound = join(dist, htmlFile('404', splitLocale(decodeURIComponent(url)).locale));
        if (looksLikePage && !known && existsSync(notFound)) {
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          // This answer skips Vite's own header handling: the preview's headers (cross-origin isolation) are set here.
          for (const [name, value] of Object.entries(server.config.preview.headers ?? {})) if (value !== undefined) res.setHeader(name, String(value));
          res.end(readFileSync(notFound));
          return;
        }
        next();
      });
    },
  };
}
