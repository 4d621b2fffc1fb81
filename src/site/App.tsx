import type { ReactNode } from 'react';
import { Theme } from '@radix-ui/themes';

/**
 * The Radix theme around the site. Its appearance is inherited: the entry script puts the system's
 * light or dark on the root element (src/appearance.ts), so a change re-renders nothing.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <Theme accentColor="indigo" grayColor="slate" radius="medium" panelBackground="solid">
      {children}
    </Theme>
  );
}
