/**
 * Light or dark as the system says, live: the entry script sets `light` or
 * `dark` on the root element, and Radix Themes, whose root theme inherits its
 * appearance (src/site/App.tsx), takes its palette from that class. Kept out of
 * React so a change of the system setting re-renders nothing: a page whose tool
 * is still waiting to hydrate (src/engine/reach.ts) keeps its pre-rendered HTML,
 * and a dark page is dark as soon as this script runs, not once React is live.
 *
 * The application must not import this module's code, or the entry chunk
 * would be shared with it.
 */
const QUERY = '(prefers-color-scheme: dark)';

export function followSystemAppearance(win: Window = window): void {
  const root = win.document.documentElement;
  const media = typeof win.matchMedia === 'function' ? win.matchMedia(QUERY) : undefined;
  const apply = () => {
    const dark = media?.matches ?? false;
    root.classList.toggle('dark', dark);
    root.classList.toggle('light', !dark);
  };
  apply();
  media?.addEventListener('change', apply);
}
