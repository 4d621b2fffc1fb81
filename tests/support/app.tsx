/** Renders the real app (theme + router) at a path, for the jsdom component tests. */
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { splitLocale } from '../../src/lib/i18n/locales';
import { createAppRouter, RoutedApp } from '../../src/routes';
import { prepareLocale } from '../../src/site/site-locale';

/** jsdom lacks ResizeObserver (matchMedia is provided in vitest.setup.ts); the app only needs it to exist. */
function installBrowserShims(): void {
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
  // As the browser's start does: the address's locale first, with its messages.
  const { locale } = splitLocale(path);
  await prepareLocale(locale);
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [path] }));
  const result = render(<RoutedApp router={router} />);
  await act(() => router.load());
  // The header is on every page; once it is there the route has rendered.
  await screen.findByRole('banner');
  return { ...result, router, scrollTo };
}
