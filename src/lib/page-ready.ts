/**
 * Marks the document as live once the page's own content has hydrated. A
 * pre-rendered page shows its controls before React attaches to them, and
 * React hydrates the parts inside Suspense boundaries (the route, the tool)
 * after the shell, so the mark comes from the page components themselves.
 */
import { useEffect } from 'react';

export function usePageReady(): void {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
}
