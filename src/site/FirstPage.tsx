import { useMemo, type ReactNode } from 'react';
import { App } from './App';
import { Layout } from './Layout';
import { NavigationProvider, type Navigation } from './navigation';

/**
 * The first page a visitor opens, drawn without the router: the build renders it
 * to HTML and the browser hydrates the same tree (src/main.tsx). `navigate`
 * handles the first click on a link, `prepare` fetches the router ahead of it.
 */
export function FirstPage({ pathname, page, navigate, prepare }: { page: ReactNode } & Navigation) {
  const navigation = useMemo(() => ({ pathname, navigate, prepare }), [pathname, navigate, prepare]);
  return (
    <App>
      <NavigationProvider value={navigation}>
        <Layout>{page}</Layout>
      </NavigationProvider>
    </App>
  );
}
