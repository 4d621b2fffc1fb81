/**
 * Home page: hero, features, popular tools, testimonials, FAQ, closing call
 * to action (spec sections 1 and 2). Imports from the engine only the
 * catalogue, so the home page carries no processing code.
 */
import { SiteLink } from './navigation';
import { SiteIcon } from './SiteIcon';
import { Button } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { catalogue } from '../engine/catalogue-summary';
import { FEATURED_TOOL_COUNT, SITE_NAME, pageTitle } from './constants';
import { Faq } from './Faq';
import { FAQ_ITEMS, FEATURES, HERO_HEADING, HERO_SUBTITLE, TESTIMONIALS } from './home-content';
import { ToolCard } from './ToolCard';
import { useDocumentTitle } from './useDocumentTitle';
import { usePageReady } from '../lib/page-ready';

export function Home() {
  usePageReady();
  useDocumentTitle(pageTitle(HERO_HEADING));
  const popular = catalogue.slice(0, FEATURED_TOOL_COUNT);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container">
          <h1 id="hero-heading" className="hero-heading">
            {HERO_HEADING}
          </h1>
          <p className="hero-subtitle">{HERO_SUBTITLE}</p>
          <div className="hero-actions">
            <Button asChild size="4">
              <SiteLink to="/tools">Explore All Tools</SiteLink>
            </Button>
            <Button asChild size="4" variant="outline">
              <SiteLink to={`/tools/${'pdf-compressor'}`}>
                Try PDF Compressor
              </SiteLink>
            </Button>
          </div>
        </div>
      </section>

      <HomeSection id="features" heading={`Why Choose ${SITE_NAME}`}>
        <ul className="feature-grid">
          {FEATURES.map(({ icon, title, description }) => (
            <li key={title} className="feature-card">
              <div className="feature-icon">
                <SiteIcon name={icon} size={28} />
              </div>
              <h3>{title}</h3>
              <p>{description}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="popular" heading="Popular Tools" alt>
        <ul className="tool-grid" aria-label="Popular tools">
          {popular.map((tool) => (
            <li key={tool.slug}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
        <div className="section-actions">
          <Button asChild size="3" variant="soft">
            <SiteLink to="/tools">
              View All Tools <SiteIcon name="ArrowRight" aria-hidden="true" size={16} />
            </SiteLink>
          </Button>
        </div>
      </HomeSection>

      <HomeSection id="testimonials" heading="What Our Users Say">
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((t) => (
            <li key={t.author}>
              <figure className="testimonial">
                <SiteIcon name="Quote" aria-hidden="true" size={24} className="testimonial-mark" />
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial-author">{t.author}</span>
                  <span className="testimonial-title">{t.title}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="faq" heading="Frequently Asked Questions" alt narrow>
        <Faq items={FAQ_ITEMS} />
      </HomeSection>

      <section className="cta" aria-labelledby="cta-heading">
        <div className="container">
          <h2 id="cta-heading">Ready to simplify your workflow?</h2>
          <p>Pick a tool, add your file and get the result in a few clicks, without creating an account.</p>
          <Button asChild size="4" variant="solid" highContrast>
            <SiteLink to="/tools">Get Started</SiteLink>
          </Button>
        </div>
      </section>
    </div>
  );
}

/** A home page section: its heading labels it; `alt` gives the alternate background, `narrow` a reading width. */
function HomeSection({ id, heading, alt, narrow, children }: { id: string; heading: string; alt?: boolean; narrow?: boolean; children: ReactNode }) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={`${id}-heading`}>
      <div className={narrow ? 'container container-narrow' : 'container'}>
        <h2 id={`${id}-heading`} className="section-heading">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
