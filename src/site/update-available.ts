/**
 * "Update available" state: set when a new service worker is waiting. The
 * page never reloads by itself (a reload would lose the visitor's files);
 * the prompt's Reload button calls `apply`.
 */
import { useSyncExternalStore } from 'react';
import { currentLocale } from '../lib/i18n/messages';

let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function setUpdateAvailable(next: (() => void) | null): void {
  apply = next;
  listeners.forEach((l) => l());
}

export function useUpdateAvailable(): (() => void) | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => apply,
    () => null,
  );
}

/** Registers the service worker (production builds only); a waiting update shows the prompt. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh: () => setUpdateAvailable(() => void update(true)),
  });
  // The pages of the visitor's language, kept for offline use as the English ones are.
  void import('./offline-pages').then(({ keepPagesOffline }) => keepPagesOffline(currentLocale()));
}
