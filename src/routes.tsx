/**
 * The route tree: /, /tools, /tools/$slug, the four text pages and a
 * not-found page for every other path. The tool page is loaded lazily so the
 * home page carries no engine, processor or PDF code.
 */
import { Suspense, lazy } from 'react';
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { toolBySlug } from './engine/catalogue-summary';
import { About } from './site/About';
import { AllTools } from './site/AllTools';
import { pageTitle } from './site/constants';
import { Contact } from './site/Contact';
import { Home } from './site/Home';
import { Layout } from './site/Layout';
import { NotFound } from './site/NotFound';
import { Privacy } from './site/Privacy';
import { Terms } from './site/Terms';
import { useDocumentTitle } from './site/useDocumentTitle';

const ToolRoute = lazy(() => import('./engine/ToolRoute'));

/** /tools/$slug: the tool's page, or the not-found page for an unknown slug. */
function ToolPage() {
  const { slug } = toolRoute.useParams();
  const tool = toolBySlug(slug);
  if (!tool) return <NotFound />;
  return <KnownTool slug={slug} title={tool.title} />;
}

function KnownTool({ slug, title }: { slug: string; title: string }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Suspense
      fallback={
        <div className="container page-padding page-loading" role="status">
          {`Loading ${title}...`}
        </div>
      }
    >
      <ToolRoute slug={slug} />
    </Suspense>
  );
}

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const parent = () => rootRoute;
const toolRoute = createRoute({ getParentRoute: parent, path: '/tools/$slug', component: ToolPage });

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: parent, path: '/', component: Home }),
  createRoute({ getParentRoute: parent, path: '/tools', component: AllTools }),
  toolRoute,
  createRoute({ getParentRoute: parent, path: '/about', component: About }),
  createRoute({ getParentRoute: parent, path: '/contact', component: Contact }),
  createRoute({ getParentRoute: parent, path: '/privacy', component: Privacy }),
  createRoute({ getParentRoute: parent, path: '/terms', component: Terms }),
]);

/** The app's router; tests pass a memory history. Navigation scrolls to the top (the router's default). */
export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
  return createRouter({ routeTree, history, defaultNotFoundComponent: NotFound });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
