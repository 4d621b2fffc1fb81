/** Renders the real app (theme + router) at a path, for the jsdom component tests. */
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createAppRouter } from '../routes';
import { App } from './App';

/** jsdom lacks these browser APIs; the app and its libraries only need them to exist. */
function installBrowserShims(): void {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** Sets window.scrollY as the browser would report it. */
export function setScrollY(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
}

export async function renderAt(path: string) {
  installBrowserShims();
  setScrollY(0);
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const result = render(<App router={router} />);
  await act(() => router.load());
  // The header is on every page; once it is there the route has rendered.
  await screen.findByRole('banner');
  return { ...result, router, scrollTo };
}
