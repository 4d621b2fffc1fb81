import type { ReactNode } from 'react';
import { Theme } from '@radix-ui/themes';
import { useSystemAppearance } from './useSystemAppearance';

/** The Radix theme, light or dark as the system says, around the site. */
export function App({ children }: { children: ReactNode }) {
  const appearance = useSystemAppearance();
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium" panelBackground="solid">
      {children}
    </Theme>
  );
}
