// @vitest-environment jsdom
import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NavigationProvider, SiteLink } from './navigation';

function renderLink(pathname: string, props: Partial<Parameters<typeof SiteLink>[0]> = {}) {
  const navigation = { pathname, navigate: vi.fn(), prepare: vi.fn() };
  const { container } = render(
    <NavigationProvider value={navigation}>
      <SiteLink to="/tools" {...props}>
        All Tools
      </SiteLink>
    </NavigationProvider>,
  );
  return { navigation, link: within(container).getByRole('link', { name: 'All Tools' }) };
}

describe('SiteLink', () => {
  it('is a plain link to the path, marked as the current page only on that path', () => {
    const { link } = renderLink('/tools');
    expect(link).toHaveAttribute('href', '/tools');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(renderLink('/tools/merge-pdf').link).not.toHaveAttribute('aria-current');
  });

  it('shows the page in place on a plain click, after the link’s own handler', () => {
    const order: string[] = [];
    const { navigation, link } = renderLink('/', { onClick: () => order.push('own') });
    navigation.navigate.mockImplementation(() => order.push('navigate'));
    const followed = fireEvent.click(link, { button: 0 });
    expect(followed).toBe(false);
    expect(navigation.navigate).toHaveBeenCalledWith('/tools');
    expect(order).toEqual(['own', 'navigate']);
  });

  it('leaves a click that opens another tab or window, or that its handler stopped, to the browser', () => {
    const stop = (event: { preventDefault(): void }) => event.preventDefault();
    const { navigation, link } = renderLink('/');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) fireEvent.click(link, { button: 0, [modifier]: true });
    fireEvent.click(link, { button: 1 });
    expect(navigation.navigate).not.toHaveBeenCalled();
    const stopped = renderLink('/', { onClick: stop });
    fireEvent.click(stopped.link, { button: 0 });
    expect(stopped.navigation.navigate).not.toHaveBeenCalled();
  });

  it('asks for what navigating needs when a pointer is over it or it has focus', () => {
    const { navigation, link } = renderLink('/');
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(navigation.prepare).toHaveBeenCalledTimes(2);
  });
});
