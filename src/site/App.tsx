import { Theme } from '@radix-ui/themes';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AppRouter } from '../routes';
import { useSystemAppearance } from './useSystemAppearance';

/** The Radix theme, light or dark as the system says, around the router. */
export function App({ router }: { router: AppRouter }) {
  const appearance = useSystemAppearance();
  // Marks the page as live: a pre-rendered page shows its controls before React has hydrated them.
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium" panelBackground="solid">
      <RouterProvider router={router} />
    </Theme>
  );
}
