import { Theme } from '@radix-ui/themes';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from '../routes';
import { useSystemAppearance } from './useSystemAppearance';

/** The Radix theme, light or dark as the system says, around the router. */
export function App({ router }: { router: AppRouter }) {
  const appearance = useSystemAppearance();
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium" panelBackground="solid">
      <RouterProvider router={router} />
    </Theme>
  );
}
