import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** 'dark' or 'light', following the operating system setting live. */
export function useSystemAppearance(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => (media()?.matches ? 'dark' : 'light'),
    () => 'light',
  );
}
