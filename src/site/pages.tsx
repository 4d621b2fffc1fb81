/**
 * The site's pages: /, /tools, /tools/$slug, /workflows/$slug, the chain
 * builder at /workflows/new, the four text pages, and the not-found page for
 * every other path. One table serves the first page a visitor opens, which is
 * drawn without the router (at build time and when it hydrates, loadPage), and
 * the router that shows every later page (src/routes.tsx). Pages other than home
 * load with their page, so the home page carries no engine, processor or PDF code.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { BUILDER_PATH, loadCatalogueDescriptions, toolBySlug, workflowTitle } from '../engine/catalogue-summary';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { loadMessages, t } from '../lib/i18n/messages';
import { pageTitle } from './constants';
import { Home } from './Home';
import { NotFound } from './NotFound';
import { useDocumentTitle } from './useDocumentTitle';

export type PageParams = Record<string, string>;

export interface SitePage {
  /** The path; a segment starting with $ is a parameter ("/tools/$slug"). */
  path: string;
  /** False when the parameter names no tool or workflow: the path shows the not-found page. */
  exists?(params: PageParams): boolean;
  /**
   * Loads the page's code before it shows. `hydrating`: the page is about to hydrate its
   * pre-rendered HTML, and may leave for later what only a visitor's move needs.
   */
  load(params: PageParams, hydrating?: boolean): Promise<void>;
  /** The page, once loaded. */
  render(params: PageParams): ReactNode;
}

/** A page whose code is its own chunk: loaded before it shows, with its messages, so it renders at once. */
function codePage(path: string, part: Preloadable<object>, prepare: () => Promise<unknown> = async () => undefined): SitePage {
  return { path, load: () => Promise.all([part.preload(), prepare()]).then(() => undefined), render: () => <part.Component /> };
}

const AllTools = preloadable(() => import('./AllTools').then((m) => m.AllTools));
const About = preloadable(() => import('./About').then((m) => m.About));
const Contact = preloadable(() => import('./Contact').then((m) => m.Contact));
const Privacy = preloadable(() => import('./Privacy').then((m) => m.Privacy));
const Terms = preloadable(() => import('./Terms').then((m) => m.Terms));
const ChainBuilder = preloadable(() => import('../workflows/ChainBuilder').then((m) => m.ChainBuilder));

/** A tool's or workflow's page under its title, with a loading line should its code still be on the way. */
function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Suspense
      fallback={
        <div className="container page-padding page-loading" role="status">
          {t('common.loadingPage', { title })}
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * A page a slug names (a tool, a workflow): the route module's code and what the slug
 * needs (a tool's manifest, and what a page for typed text shows from the start; a
 * workflow's steps) load before it shows,
 * so the page is drawn complete in the build's HTML, when that HTML hydrates, and when
 * a link leads to it. An unknown slug is the not-found page.
 */
function slugPage<M extends { default: ComponentType<{ slug: string }> }>(
  path: string,
  titleOf: (slug: string) => string | undefined,
  importRoute: () => Promise<M>,
  preload: (module: M, slug: string, hydrating: boolean) => Promise<void>,
): SitePage {
  const Route = preloadable(() => importRoute().then((m) => m.default));
  return {
    path,
    exists: ({ slug }) => titleOf(slug) !== undefined,
    async load({ slug }, hydrating = false) {
      const [module] = await Promise.all([importRoute(), Route.preload()]);
      await preload(module, slug, hydrating);
    },
    render: ({ slug }) => (
      <TitledPage title={titleOf(slug)!}>
        <Route.Component slug={slug} />
      </TitledPage>
    ),
  };
}

export const PAGES: readonly SitePage[] = [
  { path: '/', load: () => Promise.all([loadMessages('home'), loadCatalogueDescriptions()]).then(() => undefined), render: () => <Home /> },
  codePage('/tools', AllTools, () =>
    Promise.all([loadMessages('tools'), loadCatalogueDescriptions(), import('../engine/catalogue-features').then((m) => m.loadCatalogueFeatures())]),
  ),
  slugPage('/tools/$slug', (slug) => toolBySlug(slug)?.title, () => import('../engine/ToolRoute'), (m, slug, hydrating) => m.preloadTool(slug, hydrating)),
  codePage(BUILDER_PATH, ChainBuilder, () => Promise.all([loadMessages('workflow', 'engine'), loadCatalogueDescriptions()])),
  slugPage('/workflows/$slug', workflowTitle, () => import('../workflows/WorkflowRoute'), (m, slug) => m.preloadWorkflow(slug)),
  codePage('/about', About, () => loadMessages('pages')),
  codePage('/contact', Contact, () => loadMessages('pages')),
  codePage('/privacy', Privacy, () => loadMessages('pages')),
  codePage('/terms', Terms, () => loadMessages('pages')),
];
/** The page a path shows and its parameters; a fixed path ("/workflows/new") wins over a parameter. */
export function matchPage(pathname: string): { page: SitePage; params: PageParams } | undefined {
  const exact = PAGES.find((page) => page.path === pathname);
  if (exact) return { page: exact, params: {} };
  const segments = pathname.split('/');
  for (const page of PAGES) {
    const pattern = page.path.split('/');
    if (pattern.length !== segments.length || !pattern.some((s) => s.startsWith('$'))) continue;
    const params: PageParams = {};
    const fits = pattern.every((part, i) => {
      if (!part.startsWith('$')) return part === segments[i];
      if (!segments[i]) return false;
      params[part.slice(1)] = decodeURIComponent(segments[i]);
      return true;
    });
    if (fits) return { page, params };
  }
  return undefined;
}

/** True for a path that shows a page other than the not-found page. */
export function isKnownPath(pathname: string): boolean {
  const match = matchPage(pathname);
  return !!match && (match.page.exists?.(match.params) ?? true);
}

/** Loads the page a path shows (the not-found page for an unknown one) and gives it, ready to draw. */
export async function loadPage(pathname: string, hydrating = false): Promise<ReactNode> {
  const match = matchPage(pathname);
  if (!match || !(match.page.exists?.(match.params) ?? true)) return <NotFound />;
  await match.page.load(match.params, hydrating);
  return match.page.render(match.params);
}
