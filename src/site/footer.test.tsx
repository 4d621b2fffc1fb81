// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue, toolBySlug } from '../engine/catalogue-summary';
import { isDemoMode, setDemoMode } from '../engine/demo-mode';
import { titleFromSlug } from './footer-links';
import { renderAt } from './test-utils';

afterEach(() => {
  cleanup();
  setDemoMode(false);
});

const TOOLS_COLUMN = [
  '/tools/pdf-compressor',
  '/tools/image-compressor',
  '/tools/pdf-to-word',
  '/tools/word-to-pdf',
  '/tools/text-to-speech',
  '/tools/jpg-to-png',
  '/tools/png-to-jpg',
  '/tools/merge-pdf',
  '/tools/split-pdf',
  '/tools/text-case-converter',
];

function column(name: string) {
  return screen.getByRole('navigation', { name });
}

const hrefs = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('footer', () => {
  it('has the Tools column, exactly, labelled with catalogue titles', async () => {
    await renderAt('/');
    const tools = column('Tools');
    expect(hrefs(tools)).toEqual(TOOLS_COLUMN);
    within(tools)
      .getAllByRole('link')
      .forEach((a, i) => {
        const slug = TOOLS_COLUMN[i].replace('/tools/', '');
        expect(a.textContent).toBe(toolBySlug(slug)?.title ?? titleFromSlug(slug));
      });
    expect(within(tools).getByRole('link', { name: 'PDF Compressor' })).toHaveAttribute('href', '/tools/pdf-compressor');
  });

  it('has a More Tools column of other catalogue tools', async () => {
    await renderAt('/');
    const more = column('More Tools');
    const links = within(more).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) {
      const href = a.getAttribute('href')!;
      expect(TOOLS_COLUMN).not.toContain(href);
      const tool = catalogue.find((t) => `/tools/${t.slug}` === href);
      expect(tool?.title).toBe(a.textContent);
    }
  });

  it('has the Company column: /about, /contact, /privacy, /terms', async () => {
    await renderAt('/');
    expect(hrefs(column('Company'))).toEqual(['/about', '/contact', '/privacy', '/terms']);
  });

  it('has a brand blurb, four labelled social links and the copyright with the current year', async () => {
    await renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/never uploaded/)).toBeInTheDocument();
    const social = footer.querySelectorAll<HTMLAnchorElement>('a.social-link');
    expect(social).toHaveLength(4);
    social.forEach((a) => {
      expect(a).toHaveAttribute('href', '#');
      expect(a.getAttribute('aria-label')).toMatch(/\S/);
      expect(a.querySelector('svg')).not.toBeNull();
    });
    expect(new Set([...social].map((a) => a.getAttribute('aria-label'))).size).toBe(4);
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} FileDesk. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('has a switch that turns demo mode on and off', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/');
    const toggle = within(screen.getByRole('contentinfo')).getByRole('switch', { name: 'Demo mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(isDemoMode()).toBe(true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(within(screen.getByRole('banner')).getByText('Demo mode')).toBeInTheDocument();
    await user.click(toggle);
    expect(isDemoMode()).toBe(false);
    expect(within(screen.getByRole('banner')).queryByText('Demo mode')).toBeNull();
  });

  it('navigates with its links', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderAt('/');
    await user.click(within(column('Company')).getByRole('link', { name: 'Privacy Policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(router.state.location.pathname).toBe('/privacy');
  });
});
