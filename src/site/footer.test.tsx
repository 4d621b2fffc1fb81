// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue } from '../engine/catalogue-summary';
import { isDemoMode, setDemoMode } from '../engine/demo/demo-mode';
import { renderAt } from '../../tests/support/app';

afterEach(() => {
  cleanup();
  setDemoMode(false);
});

/** The Tools column as the specification lists it: each link and the title of its tool's manifest. */
const TOOLS_LINKS: [href: string, label: string][] = [
  ['/tools/pdf-compressor', 'PDF Compressor'],
  ['/tools/image-compressor', 'Image Compressor'],
  ['/tools/pdf-to-word', 'PDF to Word'],
  ['/tools/word-to-pdf', 'Word to PDF'],
  ['/tools/text-to-speech', 'Text to Speech'],
  ['/tools/jpg-to-png', 'JPG to PNG'],
  ['/tools/png-to-jpg', 'PNG to JPG'],
  ['/tools/merge-pdf', 'Merge PDF'],
  ['/tools/split-pdf', 'Split PDF'],
  ['/tools/text-case-converter', 'Text Case Converter'],
];
const TOOLS_COLUMN = TOOLS_LINKS.map(([href]) => href);

function column(name: string) {
  return screen.getByRole('navigation', { name });
}

const hrefs = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('footer', () => {
  it('has the Tools column, exactly, labelled with catalogue titles', async () => {
    await renderAt('/');
    const tools = column('Tools');
    const links = within(tools).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(TOOLS_LINKS);
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
