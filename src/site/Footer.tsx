/** Site footer: brand blurb, social links, link columns, demo-mode switch, copyright. */
import { SiteLink } from './navigation';
import { SiteIcon } from './SiteIcon';
import { setDemoMode, useDemoMode } from '../engine/demo/demo-mode';
import { SITE_NAME } from './constants';
import { COMPANY_LINKS, FOOTER_MORE_TOOLS, FOOTER_TOOLS, type FooterLink } from './footer-links';

// Placeholder targets: the project has no social accounts yet.
const SOCIAL_LINKS = [
  { label: `${SITE_NAME} on X`, icon: 'AtSign' },
  { label: `${SITE_NAME} on Facebook`, icon: 'Users' },
  { label: `${SITE_NAME} on GitHub`, icon: 'Code' },
  { label: `${SITE_NAME} news feed`, icon: 'Rss' },
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
        <span>Demo mode</span>
      </label>
      <span className="demo-switch-help">Tools return simulated placeholder results.</span>
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
          <p>
            Free online tools for PDFs, images, text, audio and data files. Everything runs in your browser: your files
            are processed on your device and never uploaded.
          </p>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ label, icon }) => (
              <li key={label}>
                <a href="#" aria-label={label} className="social-link">
                  <SiteIcon name={icon} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <ToolColumn id="footer-tools" heading="Tools" links={FOOTER_TOOLS} />
        <ToolColumn id="footer-more-tools" heading="More Tools" links={FOOTER_MORE_TOOLS} />
        <nav className="footer-column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            Company
          </h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p className="copyright">{`© ${year} ${SITE_NAME}. All rights reserved.`}</p>
        <DemoModeSwitch />
      </div>
    </footer>
  );
}
