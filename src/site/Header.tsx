/**
 * Sticky site header: logo, links, search dialog, demo-mode badge, and on
 * small screens a toggle menu with the same links and an inline search.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { SiteIcon } from './SiteIcon';
import { SiteLink, usePathname } from './navigation';
import { HEADER_SCROLL_THRESHOLD, SITE_NAME } from './constants';
import { DemoModeBadge } from './DemoModeBadge';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SearchDialog } from './SearchDialog';
import { useScrolled } from './useScrolled';
import { t } from '../lib/i18n/messages';
import { loadCatalogueDescriptions } from '../engine/catalogue-summary';


const MobileSearch = lazy(() => Promise.all([import('./MobileSearch'), loadCatalogueDescriptions()]).then(([search]) => search));

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <SiteLink to="/" className="nav-link" onClick={onNavigate}>
        {t('common.nav.home')}
      </SiteLink>
      <SiteLink to="/tools" className="nav-link" onClick={onNavigate}>
        {t('common.nav.allTools')}
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

        <nav className="desktop-nav" aria-label={t('common.nav.main')}>
          <NavLinks />
        </nav>

        <div className="header-actions">
          <DemoModeBadge />
          <LanguageSwitcher compact />
          <div className="desktop-only">
            <SearchDialog />
          </div>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('common.menu.close') : t('common.menu.open')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <SiteIcon name="X" aria-hidden="true" size={22} /> : <SiteIcon name="Menu" aria-hidden="true" size={22} />}
          </button>
        </div>
      </div>

      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
        <div className="container">
          <nav aria-label={t('common.nav.mobile')} className="mobile-nav">
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
