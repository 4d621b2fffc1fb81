// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue, searchTools } from '../engine/catalogue-summary';
import { setDemoMode } from '../engine/demo/demo-mode';
import { searchWorkflows } from '../engine/workflow-summary';
import { renderAt, setScrollY } from '../../tests/support/app';

afterEach(() => {
  cleanup();
  setDemoMode(false);
});

const user = () => userEvent.setup({ delay: null });

async function openSearch() {
  await user().click(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }));
  // The dialog's code loads on first use.
  return screen.findByRole('dialog', { name: 'Search Tools' }, { timeout: 10000 });
}

describe('header', () => {
  it('has the logo linking home and the Home and All Tools links', async () => {
    await renderAt('/tools');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'FileDesk' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'All Tools' })).toHaveAttribute('href', '/tools');
    expect(within(nav).getByRole('link', { name: 'All Tools' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches to the scrolled style after scrollY 11, not at 10', async () => {
    await renderAt('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header).not.toHaveClass('site-header--scrolled');

    act(() => {
      setScrollY(10);
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(header).not.toHaveClass('site-header--scrolled');

    act(() => {
      setScrollY(11);
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header).toHaveClass('site-header--scrolled');

    act(() => {
      setScrollY(0);
      fireEvent.scroll(window);
    });
    expect(header).not.toHaveClass('site-header--scrolled');
  });

  it('opens a "Search Tools" dialog that filters live by title, description or category', async () => {
    await renderAt('/');
    const dialog = await openSearch();
    expect(within(dialog).getByRole('heading', { name: 'Search Tools' })).toBeInTheDocument();
    const input = within(dialog).getByRole('searchbox', { name: 'Search tools' });
    expect(input).toHaveFocus();

    // Blank: no results area at all.
    expect(within(dialog).queryByTestId('search-results')).toBeNull();

    await user().type(input, 'Compressor');
    const links = () => within(dialog).queryAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links()).toEqual(searchTools('Compressor').map((t) => `/tools/${t.slug}`));
    expect(links()).toContain('/tools/pdf-compressor');
    expect(within(dialog).getByTestId('search-results')).toHaveStyle({ maxHeight: '300px', overflowY: 'auto' });

    // Description match.
    await user().clear(input);
    await user().type(input, 'lessen the FILE size');
    expect(links()).toEqual(['/tools/pdf-compressor']);

    // Category match: every audio tool, whatever its title says.
    await user().clear(input);
    await user().type(input, 'AUDIO');
    const audio = catalogue.filter((t) => t.category === 'audio').map((t) => `/tools/${t.slug}`);
    for (const href of audio) expect(links()).toContain(href);
    expect(links()).toEqual(searchTools('audio').map((t) => `/tools/${t.slug}`));
  });

  it('says No tools found matching "[query]" and clears on a blank or whitespace-only query', async () => {
    await renderAt('/');
    const dialog = await openSearch();
    const input = within(dialog).getByRole('searchbox', { name: 'Search tools' });

    await user().type(input, 'qqxyz');
    expect(within(dialog).getByText('No tools found matching "qqxyz"')).toBeInTheDocument();

    await user().clear(input);
    expect(within(dialog).queryByText(/No tools found/)).toBeNull();
    expect(within(dialog).queryByTestId('search-results')).toBeNull();

    await user().type(input, 'pdf');
    expect(within(dialog).getAllByRole('link').length).toBeGreaterThan(0);
    await user().clear(input);
    await user().type(input, '   ');
    expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
    expect(within(dialog).queryByText(/No tools found/)).toBeNull();
  });

  it('finds workflows by title or description, after the tools, and opens one', async () => {
    const { router } = await renderAt('/');
    const dialog = await openSearch();
    await user().type(within(dialog).getByRole('searchbox', { name: 'Search tools' }), 'searchable');
    const links = within(dialog).getAllByRole('link').map((a) => a.getAttribute('href'));
    const flows = searchWorkflows('searchable').map((w) => `/workflows/${w.slug}`);
    expect(flows).toEqual(expect.arrayContaining(['/workflows/scans-to-searchable-pdf', '/workflows/scanned-images-to-searchable-pdf']));
    expect(links).toEqual([...searchTools('searchable').map((t) => `/tools/${t.slug}`), ...flows]);
    await user().click(within(dialog).getByRole('link', { name: /Scans to a Searchable, Compressed PDF/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/scans-to-searchable-pdf'));
    // The workflow page loads its code, the workflow and its tools first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Scans to a Searchable, Compressed PDF' }, { timeout: 40000 })).toBeInTheDocument();
  }, 60000);

  it('closes the dialog and navigates when a result is clicked', async () => {
    const { router } = await renderAt('/');
    const dialog = await openSearch();
    await user().type(within(dialog).getByRole('searchbox', { name: 'Search tools' }), 'lessen the file size');
    await user().click(within(dialog).getByRole('link', { name: /PDF Compressor/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/tools/pdf-compressor');
  });

  it('moves over the results with the arrow keys and opens one with Enter', async () => {
    const { router } = await renderAt('/');
    const dialog = await openSearch();
    const input = within(dialog).getByRole('searchbox', { name: 'Search tools' });
    await user().type(input, 'pdf');
    const links = within(dialog).getAllByRole('link');
    await user().keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user().keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user().keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();
    await user().keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(links[1].getAttribute('href')));
  });

  it('toggles the mobile menu with the same links and an inline search', async () => {
    await renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).toBeVisible();
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['All Tools', '/tools'],
    ]);

    const input = await within(menu).findByRole('searchbox', { name: 'Search tools' });
    await user().type(input, 'lessen the file size');
    expect(within(menu).getByRole('link', { name: /PDF Compressor/ })).toHaveAttribute('href', '/tools/pdf-compressor');
    expect(within(menu).getByTestId('search-results')).toHaveStyle({ maxHeight: '200px' });
    await user().clear(input);
    await user().type(input, 'nothing-like-this');
    expect(within(menu).getByText('No tools found matching "nothing-like-this"')).toBeInTheDocument();

    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(menu).not.toBeVisible();
  });

  it('closes the mobile menu on every route change', async () => {
    const { router } = await renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // A navigation that does not come from the menu (e.g. the browser's back button).
    await act(() => router.navigate({ href: '/about' }));
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    // And a link inside the menu.
    await user().click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    await user().click(within(nav).getByRole('link', { name: 'All Tools' }));
    await screen.findByRole('heading', { level: 1, name: 'All Tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a Demo mode badge with a button that turns demo mode off', async () => {
    await renderAt('/');
    expect(screen.queryByText('Demo mode', { selector: '.rt-Badge' })).toBeNull();
    act(() => setDemoMode(true));
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Demo mode')).toBeInTheDocument();
    await user().click(within(banner).getByRole('button', { name: 'Turn off demo mode' }));
    expect(within(banner).queryByText('Demo mode')).toBeNull();
    expect(sessionStorage.getItem('filedesk-demo-mode')).toBeNull();
  });
});
