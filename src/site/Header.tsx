/**
 * Sticky site header: logo, links, search dialog, demo-mode badge, and on
 * small screens a toggle menu with the same links and an inline search.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { SiteIcon } from './SiteIcon';
import { SiteLink, usePathname } from './navigation';
import { HEADER_SCROLL_THRESHOLD, SITE_NAME } from './constants';
import { DemoModeBadge } from './DemoModeBadge';
import { SearchDialog } from './SearchDialog';
import { useScrolled } from './useScrolled';

const MobileSearch = lazy(() => import('./MobileSearch'));

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <SiteLink to="/" className="nav-link" onClick={onNavigate}>
        Home
      </SiteLink>
      <SiteLink to="/tools" className="nav-link" onClick={onNavigate}>
        All Tools
      </SiteLink>
    </>
  );
}

export function Header() {
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD);
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuQuery, setMenuQuery] = useState('');

  // Every route change closes the mobile menu and clears its search.
  useEffect(() => {
    setMenuOpen(false);
    setMenuQuery('');
  }, [pathname]);

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="container header-bar">
        <SiteLink to="/" className="logo">
          <SiteIcon name="FileStack" aria-hidden="true" size={26} className="logo-icon" />
          <span>{SITE_NAME}</span>
        </SiteLink>

        <nav className="desktop-nav" aria-label="Main">
          <NavLinks />
        </nav>

        <div className="header-actions">
          <DemoModeBadge />
          <div className="desktop-only">
            <SearchDialog />
          </div>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <SiteIcon name="X" aria-hidden="true" size={22} /> : <SiteIcon name="Menu" aria-hidden="true" size={22} />}
          </button>
        </div>
      </div>

      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
        <div className="container">
          <nav aria-label="Mobile" className="mobile-nav">
            <NavLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileSearch query={menuQuery} onQuery={setMenuQuery} onPick={() => setMenuOpen(false)} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
