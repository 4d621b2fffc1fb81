/**
 * The moment the page asks for its first toast (engine/notify.tsx), for the
 * site's layout, which mounts the toast area then. Kept apart from notify so
 * the layout of every page carries only this.
 */
let asked = false;
const listeners = new Set<() => void>();

export function toastAsked(): void {
  if (asked) return;
  asked = true;
  listeners.forEach((listener) => listener());
  listeners.clear();
}

/** Calls `listener` when the first toast is asked for, or at once if one has been; returns the unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (asked) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
