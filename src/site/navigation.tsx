/**
 * Moving between the site's pages. A page's links and the parts that follow the
 * address (the header, the page frame) read it from here, not from the router:
 * the first page a visitor opens runs without the router (src/site/pages.tsx),
 * which loads with the first click on a link (src/main.tsx); every later page
 * runs under it (src/routes.tsx). Both give the same markup, a plain link.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { localizedPath } from '../lib/i18n/locales';
import { currentLocale } from '../lib/i18n/messages';

export interface Navigation {
  /** The path of the page shown, without its locale prefix ("/tools/merge-pdf" on /es/tools/merge-pdf). */
  pathname: string;
  /** Shows the page at `href` (a path on this site, without a locale prefix) in the page's locale, without reloading. */
  navigate(href: string): void;
  /** Called when a link is about to be followed (pointer over it, focus on it), to fetch what navigating needs. */
  prepare?(): void;
}

const NavigationContext = createContext<Navigation>({
  pathname: '/',
  navigate: (href) => location.assign(localizedPath(href, currentLocale())),
});

export const NavigationProvider = NavigationContext.Provider;

/** The path of the page shown; a change means another page. */
export function usePathname(): string {
  return useContext(NavigationContext).pathname;
}

/** True for a click the browser would follow in this tab: the main button, no modifier key, no other target. */
function followsInPage(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!target || target === '_self')
  );
}

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site: "/tools", "/tools/merge-pdf". */
  to: string;
}

/**
 * A link to one of the site's pages. A plain click shows the page in place; a
 * click that opens a new tab or window, and a page with no script, follow the
 * link as usual. The link to the page shown is marked as the current page. The link stays
 * in the page's language: on /es/ pages, "/tools" leads to /es/tools.
 */
export function SiteLink({ to, onClick, onPointerEnter, onFocus, ...props }: SiteLinkProps) {
  const { pathname, navigate, prepare } = useContext(NavigationContext);
  return (
    <a
      {...props}
      href={localizedPath(to, currentLocale())}
      aria-current={pathname === to ? 'page' : undefined}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prepare?.();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prepare?.();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!followsInPage(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
