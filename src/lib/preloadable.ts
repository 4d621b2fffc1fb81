/**
 * A part of the page whose code loads on first use, like React.lazy, but that
 * renders at once, without suspending, when its code has already loaded. A page
 * fetches such parts ahead of need (`preload`: when a run starts, when a form is
 * about to show), and a server render that awaited `preload` draws the part itself.
 */
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface Preloadable<P extends object> {
  Component: (props: P) => ReactElement;
  preload(): Promise<ComponentType<P>>;
  /** True once the code has loaded: the part then renders at once. */
  loaded(): boolean;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // A failed fetch (the connection dropped) is tried again at the next preload.
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P): ReactElement {
    // Chosen once per instance, so a part shown while loading is not remounted when its code arrives.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Shown, props);
  }
  return { Component, preload, loaded: () => loaded !== undefined };
}
