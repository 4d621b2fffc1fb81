/**
 * The router, which shows every page after the first (src/main.tsx loads it
 * with the first click on a link): the pages of src/site/pages.tsx under the
 * site's layout, each loaded before it shows, so a link to a tool shows the
 * tool, not a loading line.
 */
import { useMemo } from 'react';
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  notFound,
  Outlet,
  RouterProvider,
  useParams,
  useRouter,
  useRouterState,
  type RouterHistory,
} from '@tanstack/react-router';
import { localizedPath, LOCALE_INFO, SOURCE_LOCALE, type Locale } from './lib/i18n/locales';
import { currentLocale } from './lib/i18n/messages';
import { App } from './site/App';
import { Layout } from './site/Layout';
import { NavigationProvider, type Navigation } from './site/navigation';
import { NotFound } from './site/NotFound';
import { PAGES, type PageParams, type SitePage } from './site/pages';

/** The layout around the routed page, with the address and navigation the router gives. */
function RoutedLayout() {
  const localized = useRouterState({ select: (s) => s.location.pathname });
  const router = useRouter();
  const locale = currentLocale();
  // The pages see their path without the locale prefix; links and navigation put it back.
  const prefix = LOCALE_INFO[locale].prefix;
  const pathname = prefix && localized.startsWith(prefix) ? localized.slice(prefix.length) || '/' : localized;
  const navigation = useMemo<Navigation>(
    () => ({ pathname, navigate: (href) => void router.navigate({ href: localizedPath(href, locale) }) }),
    [pathname, router, locale],
  );
  return (
    <NavigationProvider value={navigation}>
      <Layout>
        <Outlet />
      </Layout>
    </NavigationProvider>
  );
}

const rootRoute = createRootRoute({ component: RoutedLayout, notFoundComponent: NotFound });

function pageRoute(page: SitePage, locale: Locale) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: localizedPath(page.path, locale),
    async loader({ params }) {
      // An unknown slug is the site's not-found page, the same one the build renders as 404.html.
      if (page.exists && !page.exists(params as PageParams)) throw notFound();
      await page.load(params as PageParams);
    },
    component: function RoutedPage() {
      return page.render(useParams({ strict: false }) as PageParams);
    },
  });
}

/**
 * The app's router, for the page's locale: its pages under the locale's prefix (a page's
 * language is fixed; the switcher opens the other language's page). Tests pass a memory
 * history. Navigation scrolls to the top (the router's default).
 */
export function createAppRouter(locale: Locale = SOURCE_LOCALE, history: RouterHistory = createBrowserHistory()) {
  const routeTree = rootRoute.addChildren(PAGES.map((page) => pageRoute(page, locale)));
  return createRouter({ routeTree, history, defaultNotFoundComponent: NotFound });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The site under the router. */
export function RoutedApp({ router }: { router: AppRouter }) {
  return (
    <App>
      <RouterProvider router={router} />
    </App>
  );
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
