// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followSystemAppearance } from './appearance';

/** A window whose colour-scheme query answers `dark`, and can change its answer. */
function windowPreferring(dark: boolean) {
  const listeners: (() => void)[] = [];
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const win = { document, matchMedia: () => media } as unknown as Window;
  return {
    win,
    change(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('the system appearance on the root element', () => {
  afterEach(() => document.documentElement.classList.remove('dark', 'light'));

  it('is dark or light as the system says, and follows a change live', () => {
    const system = windowPreferring(true);
    followSystemAppearance(system.win);
    expect([...document.documentElement.classList]).toEqual(['dark']);
    system.change(false);
    expect([...document.documentElement.classList]).toEqual(['light']);
  });

  it('is light where the browser cannot say', () => {
    followSystemAppearance({ document } as unknown as Window);
    expect([...document.documentElement.classList]).toEqual(['light']);
  });
});
