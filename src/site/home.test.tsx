// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue } from '../engine/catalogue-summary';
import { faqItems, testimonials } from './home-content';

const FAQ_ITEMS = faqItems();
const TESTIMONIALS = testimonials();
import { renderAt } from '../../tests/support/app';

afterEach(cleanup);

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('home page', () => {
  it('shows the hero literals and buttons', async () => {
    await renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Free Online Tools to Make Your Work Easier$/);
    expect(
      screen.getByText(
        'Convert, compress, and edit your files with our easy-to-use online tools. No registration required.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore All Tools' })).toHaveAttribute('href', '/tools');
    expect(screen.getByRole('link', { name: 'Try PDF Compressor' })).toHaveAttribute('href', '/tools/pdf-compressor');
    expect(document.title).toBe('Free Online Tools to Make Your Work Easier - FileDesk');
  });

  it('shows the four feature cards under "Why Choose FileDesk"', async () => {
    await renderAt('/');
    const features = section('Why Choose FileDesk');
    const titles = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['100% Secure', 'Fast Processing', 'Works Everywhere', 'Free to Use']);
    expect(within(features).getAllByRole('listitem')).toHaveLength(4);
    for (const item of within(features).getAllByRole('listitem')) {
      expect(item.querySelector('svg')).not.toBeNull();
      expect(item.querySelector('p')?.textContent?.length).toBeGreaterThan(10);
    }
  });

  it('shows the first 6 catalogue tools with Use Tool links and a View All Tools button', async () => {
    await renderAt('/');
    const popular = section('Popular Tools');
    const expected = catalogue.slice(0, 6);
    expect(expected.length).toBeGreaterThan(0);
    const cards = within(popular).getAllByRole('article');
    expect(cards).toHaveLength(expected.length);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(expected.map((t) => t.title));
    cards.forEach((card, i) => {
      expect(within(card).getByText(expected[i].description)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Use Tool' })).toHaveAttribute('href', `/tools/${expected[i].slug}`);
      expect(card.querySelector('svg')).not.toBeNull();
    });
    expect(within(popular).getByRole('link', { name: 'View All Tools' })).toHaveAttribute('href', '/tools');
  });

  it('has exactly 6 popular cards once the catalogue has 6 tools', async () => {
    await renderAt('/');
    const cards = within(section('Popular Tools')).getAllByRole('article');
    expect(cards).toHaveLength(Math.min(6, catalogue.length));
    if (catalogue.length >= 6) expect(cards).toHaveLength(6);
  });

  it('shows exactly 3 testimonials with quote, author and title', async () => {
    await renderAt('/');
    const testimonials = section('What Our Users Say');
    const figures = within(testimonials).getAllByRole('figure');
    expect(figures).toHaveLength(3);
    expect(TESTIMONIALS).toHaveLength(3);
    figures.forEach((figure, i) => {
      expect(within(figure).getByText(TESTIMONIALS[i].quote)).toBeInTheDocument();
      expect(within(figure).getByText(TESTIMONIALS[i].author)).toBeInTheDocument();
      expect(within(figure).getByText(TESTIMONIALS[i].title)).toBeInTheDocument();
    });
  });

  it('has a 6-item FAQ: one item open at a time, and an open item collapses', async () => {
    const user = userEvent.setup();
    await renderAt('/');
    const faq = section('Frequently Asked Questions');
    const buttons = within(faq).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    expect(buttons.map((b) => b.textContent)).toEqual(FAQ_ITEMS.map((f) => f.question));
    const expanded = () => buttons.map((b) => b.getAttribute('aria-expanded'));
    const panelOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-controls')!)!;

    expect(expanded()).toEqual(Array(6).fill('false'));
    expect(panelOf(buttons[0])).not.toBeVisible();

    await user.click(buttons[0]);
    expect(expanded()).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);
    expect(panelOf(buttons[0])).toBeVisible();
    expect(panelOf(buttons[0])).toHaveTextContent(FAQ_ITEMS[0].answer);

    await user.click(buttons[3]);
    expect(expanded()).toEqual(['false', 'false', 'false', 'true', 'false', 'false']);
    expect(panelOf(buttons[0])).not.toBeVisible();
    expect(panelOf(buttons[3])).toBeVisible();

    await user.click(buttons[3]);
    expect(expanded()).toEqual(Array(6).fill('false'));
    expect(panelOf(buttons[3])).not.toBeVisible();

    // Keyboard: Enter on a focused question opens it.
    buttons[5].focus();
    await user.keyboard('{Enter}');
    expect(buttons[5]).toHaveAttribute('aria-expanded', 'true');
  });

  it('tells the truth in the FAQ: local processing, per-tool limits, demo mode', async () => {
    await renderAt('/');
    const answers = FAQ_ITEMS.map((f) => f.answer).join(' ');
    expect(answers).toMatch(/never uploaded/);
    expect(answers).toMatch(/limits are shown on each tool page/);
    expect(answers).toMatch(/Demo mode/);
  });

  it('ends with the call to action linking to /tools', async () => {
    await renderAt('/');
    const cta = section('Ready to simplify your workflow?');
    expect(within(cta).getByRole('heading', { level: 2 })).toHaveTextContent(/^Ready to simplify your workflow\?$/);
    const links = within(cta).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    links.forEach((l) => expect(l).toHaveAttribute('href', '/tools'));
  });

  it('orders the sections as the spec does', async () => {
    await renderAt('/');
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => !['Tools', 'More Tools', 'Company'].includes(t ?? ''));
    expect(headings).toEqual([
      'Why Choose FileDesk',
      'Popular Tools',
      'What Our Users Say',
      'Frequently Asked Questions',
      'Ready to simplify your workflow?',
    ]);
  });
});
