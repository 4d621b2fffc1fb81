/** Helpers for the workflow component tests: a page inside a router (step titles are links) with the toast area. */
import { Theme } from '@radix-ui/themes';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import './components';

export async function renderInRouter(ui: ReactElement) {
  // jsdom has no scrolling; the router scrolls to the top when it loads.
  window.scrollTo = () => undefined;
  const root = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(
    <Theme>
      <RouterProvider router={router as never} />
      <Toaster />
    </Theme>,
  );
  await act(() => router.load());
  return result;
}
