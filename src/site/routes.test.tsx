// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isKnownPath } from './pages';
import { renderAt } from '../../tests/support/app';

afterEach(cleanup);

async function expectNotFound() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('Page Not Found - FileDesk');
}

describe('routes', () => {
  it('renders the not-found page on an unknown path, inside the layout', async () => {
    await renderAt('/no/such/page');
    await expectNotFound();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders the not-found page for /tools/<unknown slug>', async () => {
    await renderAt('/tools/not-a-real-tool');
    await expectNotFound();
  });

  it('goes back home from the not-found page', async () => {
    const { router } = await renderAt('/missing');
    await expectNotFound();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Back to Home' }));
    await screen.findByRole('heading', { level: 1, name: 'Free Online Tools to Make Your Work Easier' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('has a skip link to the main landmark', async () => {
    await renderAt('/');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it.each([
    ['/about', 'About Us', /no file is ever uploaded/],
    ['/contact', 'Contact', /contact@filedesk\.example/],
    ['/privacy', 'Privacy Policy', /sessionStorage/],
    ['/terms', 'Terms of Service', /AGPL-3\.0-or-later/],
  ])('renders %s with its heading, content and title', async (path, heading, text) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(text);
    expect(document.title).toBe(`${heading} - FileDesk`);
  });

  it('states the privacy facts', async () => {
    await renderAt('/privacy');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/processed on your device/);
    expect(main).toHaveTextContent(/never uploaded/);
    expect(main).toHaveTextContent(/no cookies/);
    expect(main).toHaveTextContent(/no tracking, no analytics/);
  });

  it('gives a mailto address on the contact page and says files are never requested', async () => {
    await renderAt('/contact');
    expect(screen.getByRole('link', { name: 'contact@filedesk.example' })).toHaveAttribute(
      'href',
      'mailto:contact@filedesk.example',
    );
    expect(screen.getByRole('main')).toHaveTextContent(/never request your files/);
  });

  it('says no warranty on the terms page', async () => {
    await renderAt('/terms');
    expect(screen.getByRole('main')).toHaveTextContent(/without warranty of any kind/);
  });

  it('sets the document title of a tool page and scrolls to the top on navigation', async () => {
    const { router, scrollTo } = await renderAt('/');
    scrollTo.mockClear();
    await act(() => router.navigate({ href: '/tools/pdf-compressor' }));
    expect(document.title).toBe('PDF Compressor - FileDesk');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));
  });

  it('fades each page in: the routed page is wrapped and remounted per path', async () => {
    const { router } = await renderAt('/about');
    const first = screen.getByRole('main').firstElementChild!;
    expect(first).toHaveClass('page');
    await act(() => router.navigate({ href: '/contact' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    const second = screen.getByRole('main').firstElementChild!;
    expect(second).toHaveClass('page');
    expect(second).not.toBe(first);
  });

  it('renders a workflow page, the chain builder, and the not-found page for an unknown workflow', async () => {
    // Navigated to from home: these pages have a <header> of their own besides the site's.
    const { router } = await renderAt('/');
    await act(() => router.navigate({ href: '/workflows/merge-and-protect-pdfs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Merge and Protect PDFs' }, { timeout: 15000 })).toBeInTheDocument();
    expect(document.title).toBe('Merge and Protect PDFs - FileDesk');
    await act(() => router.navigate({ href: '/workflows/new' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Build Your Own Workflow' }, { timeout: 15000 })).toBeInTheDocument();
    expect(document.title).toBe('Build Your Own Workflow - FileDesk');
    await act(() => router.navigate({ href: '/workflows/no-such-workflow' }));
    await expectNotFound();
    expect(isKnownPath('/workflows/merge-and-protect-pdfs')).toBe(true);
    expect(isKnownPath('/workflows/new')).toBe(true);
    expect(isKnownPath('/workflows/no-such-workflow')).toBe(false);
  });
});
