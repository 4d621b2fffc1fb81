/** Site footer: brand blurb, social links, link columns, demo-mode switch, copyright. */
import { SiteLink } from './navigation';
import { SiteIcon } from './SiteIcon';
import { LanguageSwitcher } from './LanguageSwitcher';
import { currentLocale } from '../lib/i18n/messages';
import { setDemoMode, useDemoMode } from '../engine/demo/demo-mode';
import { SITE_NAME } from './constants';
import { companyLinks, footerMoreTools, footerTools, type FooterLink } from './footer-links';
import { t } from '../lib/i18n/messages';


// Placeholder targets: the project has no social accounts yet.
const SOCIAL_LINKS = [
  { label: 'common.footer.social.x', icon: 'AtSign' },
  { label: 'common.footer.social.facebook', icon: 'Users' },
  { label: 'common.footer.social.github', icon: 'Code' },
  { label: 'common.footer.social.feed', icon: 'Rss' },
] as const;

function ToolColumn({ id, heading, links }: { id: string; heading: string; links: readonly FooterLink[] }) {
  return (
    <nav className="footer-column" aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.slug}>
            <SiteLink to={`/tools/${link.slug}`}>
              {link.title}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DemoModeSwitch() {
  const demo = useDemoMode();
  return (
    <div className="demo-switch">
      <label>
        {/* A native checkbox shown as a switch: no widget code on first paint. */}
        <input
          type="checkbox"
          role="switch"
          className="demo-switch-input"
          checked={demo}
          aria-checked={demo}
          onChange={(e) => setDemoMode(e.target.checked)}
        />
        <span>{t('common.demo.switch')}</span>
      </label>
      <span className="demo-switch-help">{t('common.demo.switchHelp')}</span>
    </div>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <SiteLink to="/" className="logo">
            <SiteIcon name="FileStack" aria-hidden="true" size={24} className="logo-icon" />
            <span>{SITE_NAME}</span>
          </SiteLink>
          <p>{t('common.footer.blurb')}</p>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ label, icon }) => (
              <li key={label}>
                <a href="#" aria-label={t(label)} className="social-link">
                  <SiteIcon name={icon} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <ToolColumn id="footer-tools" heading={t('common.footer.tools')} links={footerTools()} />
        <ToolColumn id="footer-more-tools" heading={t('common.footer.moreTools')} links={footerMoreTools()} />
        <nav className="footer-column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            {t('common.footer.company')}
          </h2>
          <ul>
            {companyLinks().map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p className="copyright">{t('common.footer.copyright', { year: String(year) })}</p>
        <div className="footer-language">
          <LanguageSwitcher />
          <p className="footer-translate">{t('common.language.translate', { file: `locales/${currentLocale()}/` })}</p>
        </div>
        <DemoModeSwitch />
      </div>
    </footer>
  );
}
