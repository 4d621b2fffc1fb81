/**
 * Demo mode runs every tool as the specification's simulation. It is turned
 * on by a `?demo=1` URL flag (and off by `?demo=0`), and remembered for the
 * browser session.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'filedesk-demo-mode';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads the URL flag once at start-up and remembers it. */
export function initDemoModeFromUrl(search: string = typeof location === 'undefined' ? '' : location.search): void {
  const flag = new URLSearchParams(search).get('demo');
  if (flag === '1' || flag === 'true') storage()?.setItem(KEY, '1');
  if (flag === '0' || flag === 'false') storage()?.removeItem(KEY);
}

export function isDemoMode(): boolean {
  return storage()?.getItem(KEY) === '1';
}

export function setDemoMode(on: boolean): void {
  if (on) storage()?.setItem(KEY, '1');
  else storage()?.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function useDemoMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDemoMode,
    () => false,
  );
}
