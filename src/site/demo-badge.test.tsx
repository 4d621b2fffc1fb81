// @vitest-environment jsdom
/** The catalogue marks every tool that has no real processor, and only those. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { catalogue } from '../engine/catalogue-summary';

const DEMO_BADGE = 'Demo';
import { renderAt } from '../../tests/support/app';

afterEach(cleanup);

describe('Demo badges in the catalogue', () => {
  it('shows the Demo badge on the card of each tool that only simulates, and on no other card', async () => {
    await renderAt('/tools');
    const cards = [...document.querySelectorAll<HTMLElement>('article[data-slug]')];
    expect(cards.length).toBe(catalogue.length);
    for (const card of cards) {
      const tool = catalogue.find((t) => t.slug === card.dataset.slug)!;
      const badges = [...card.querySelectorAll('.tool-badge')].map((b) => b.textContent);
      expect(badges.includes(DEMO_BADGE), tool.slug).toBe(tool.demoOnly);
    }
    expect(catalogue.some((t) => t.demoOnly)).toBe(screen.queryAllByText(DEMO_BADGE).length > 0);
  });
});
