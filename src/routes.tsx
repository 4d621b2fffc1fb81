/**
 * The route tree: /, /tools, /tools/$slug, /workflows/$slug, the chain
 * builder at /workflows/new, the four text pages and a not-found page for
 * every other path. Tool and workflow pages are loaded lazily so the home
 * page carries no engine, processor or PDF code.
 */
import { Suspense, type ReactNode } from 'react';
import {
  createBrowserHistory,
  lazyRouteComponent,
  createRootRoute,
  createRoute,
  createRouter,
  notFound,
  type RouterHistory,
} from '@tanstack/react-router';
import { BUILDER_PATH, toolBySlug, workflowTitle } from './engine/catalogue-summary';
import { pageTitle } from './site/constants';
import { Home } from './site/Home';
import { Layout } from './site/Layout';
import { NotFound } from './site/NotFound';
import { useDocumentTitle } from './site/useDocumentTitle';

// Pages other than home load with their route (the router loads a route's
// component before showing it, and before hydrating a pre-rendered page).
const AllTools = lazyRouteComponent(() => import('./site/AllTools'), 'AllTools');
const About = lazyRouteComponent(() => import('./site/About'), 'About');
const Contact = lazyRouteComponent(() => import('./site/Contact'), 'Contact');
const Privacy = lazyRouteComponent(() => import('./site/Privacy'), 'Privacy');
const Terms = lazyRouteComponent(() => import('./site/Terms'), 'Terms');

const ChainBuilder = lazyRouteComponent(() => import('./workflows/ChainBuilder'), 'ChainBuilder');

const importToolRoute = () => import('./engine/ToolRoute');
const ToolRoute = lazyRouteComponent(importToolRoute);

/**
 * Loads the tool page's code, manifest and bespoke view before the route renders:
 * at build time the page is rendered complete, on a pre-rendered page hydration
 * finds it ready, and a link to a tool shows the tool, not a loading line.
 */
async function loadToolCode({ params }: { params: { slug: string } }): Promise<void> {
  // An unknown slug is the site's not-found page, the same one the build renders as 404.html.
  if (!toolBySlug(params.slug)) throw notFound();
  const module = await importToolRoute();
  await module.preloadTool(params.slug);
}

/** /tools/$slug: the tool's page, or the not-found page for an unknown slug. */
function ToolPage() {
  const { slug } = toolRoute.useParams();
  const tool = toolBySlug(slug);
  if (!tool) return <NotFound />;
  return <KnownTool slug={slug} title={tool.title} />;
}

/** A tool's or workflow's page under its title, with a loading line while its code arrives. */
function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Suspense
      fallback={
        <div className="container page-padding page-loading" role="status">
          {`Loading ${title}...`}
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function KnownTool({ slug, title }: { slug: string; title: string }) {
  return (
    <TitledPage title={title}>
      <ToolRoute slug={slug} />
    </TitledPage>
  );
}

const importWorkflowRoute = () => import('./workflows/WorkflowRoute');
const WorkflowRoute = lazyRouteComponent(importWorkflowRoute);

/** Loads the workflow page's code, the workflow and its tools' manifests before the route renders, as for tools. */
async function loadWorkflowCode({ params }: { params: { slug: string } }): Promise<void> {
  if (!workflowTitle(params.slug)) throw notFound();
  const module = await importWorkflowRoute();
  await module.preloadWorkflow(params.slug);
}

/** /workflows/$slug: the workflow's page, or the not-found page for an unknown slug. */
function WorkflowPage() {
  const { slug } = workflowRoute.useParams();
  const title = workflowTitle(slug);
  if (!title) return <NotFound />;
  return <KnownWorkflow slug={slug} title={title} />;
}

function KnownWorkflow({ slug, title }: { slug: string; title: string }) {
  return (
    <TitledPage title={title}>
      <WorkflowRoute slug={slug} />
    </TitledPage>
  );
}

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const parent = () => rootRoute;
const toolRoute = createRoute({ getParentRoute: parent, path: '/tools/$slug', component: ToolPage, loader: loadToolCode });
const workflowRoute = createRoute({ getParentRoute: parent, path: '/workflows/$slug', component: WorkflowPage, loader: loadWorkflowCode });

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: parent, path: '/', component: Home }),
  createRoute({ getParentRoute: parent, path: '/tools', component: AllTools }),
  toolRoute,
  // A static segment wins over $slug, so "new" is never taken for a workflow (the build refuses that slug).
  createRoute({ getParentRoute: parent, path: BUILDER_PATH, component: ChainBuilder }),
  workflowRoute,
  createRoute({ getParentRoute: parent, path: '/about', component: About }),
  createRoute({ getParentRoute: parent, path: '/contact', component: Contact }),
  createRoute({ getParentRoute: parent, path: '/privacy', component: Privacy }),
  createRoute({ getParentRoute: parent, path: '/terms', component: Terms }),
]);

/** The app's router; tests pass a memory history. Navigation scrolls to the top (the router's default). */
export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
  return createRouter({ routeTree, history, defaultNotFoundComponent: NotFound });
}

const SITE_PATHS = new Set(['/', '/tools', BUILDER_PATH, '/about', '/contact', '/privacy', '/terms']);

/** True for a path that shows a page other than the not-found page. */
export function isKnownPath(pathname: string): boolean {
  const tool = /^\/tools\/([^/]+)$/.exec(pathname);
  const workflow = /^\/workflows\/([^/]+)$/.exec(pathname);
  return (
    SITE_PATHS.has(pathname) ||
    (!!tool && !!toolBySlug(decodeURIComponent(tool[1]))) ||
    (!!workflow && !!workflowTitle(decodeURIComponent(workflow[1])))
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
