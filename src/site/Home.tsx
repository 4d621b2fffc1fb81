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
import { FEATURED_TOOL_COUNT, pageTitle } from './constants';
import { Faq } from './Faq';
import { faqItems, features, heroHeading, heroSubtitle, testimonials } from './home-content';
import { ToolCard } from './ToolCard';
import { useDocumentTitle } from './useDocumentTitle';
import { usePageReady } from '../lib/page-ready';
import { t } from '../lib/i18n/messages';

export function Home() {
  usePageReady();
  useDocumentTitle(pageTitle(heroHeading()));
  const popular = catalogue.slice(0, FEATURED_TOOL_COUNT);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container">
          <h1 id="hero-heading" className="hero-heading">
            {heroHeading()}
          </h1>
          <p className="hero-subtitle">{heroSubtitle()}</p>
          <div className="hero-actions">
            <Button asChild size="4">
              <SiteLink to="/tools">{t('home.hero.explore')}</SiteLink>
            </Button>
            <Button asChild size="4" variant="outline">
              <SiteLink to={`/tools/${'pdf-compressor'}`}>
                {t('home.hero.try')}
              </SiteLink>
            </Button>
          </div>
        </div>
      </section>

      <HomeSection id="features" heading={t('home.features.heading')}>
        <ul className="feature-grid">
          {features().map(({ icon, title, description }) => (
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

      <HomeSection id="popular" heading={t('home.popular.heading')} alt>
        <ul className="tool-grid" aria-label={t('home.popular.label')}>
          {popular.map((tool) => (
            <li key={tool.slug}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
        <div className="section-actions">
          <Button asChild size="3" variant="soft">
            <SiteLink to="/tools">
              {t('home.popular.viewAll')} <SiteIcon name="ArrowRight" aria-hidden="true" size={16} className="icon-forward" />
            </SiteLink>
          </Button>
        </div>
      </HomeSection>

      <HomeSection id="testimonials" heading={t('home.testimonials.heading')}>
        <ul className="testimonial-grid">
          {testimonials().map((quote) => (
            <li key={quote.author}>
              <figure className="testimonial">
                <SiteIcon name="Quote" aria-hidden="true" size={24} className="testimonial-mark" />
                <blockquote>
                  <p>{quote.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial-author" translate="no">
                    {quote.author}
                  </span>
                  <span className="testimonial-title">{quote.title}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="faq" heading={t('home.faq.heading')} alt narrow>
        <Faq items={faqItems()} />
      </HomeSection>

      <section className="cta" aria-labelledby="cta-heading">
        <div className="container">
          <h2 id="cta-heading">{t('home.cta.heading')}</h2>
          <p>{t('home.cta.text')}</p>
          <Button asChild size="4" variant="solid" highContrast>
            <SiteLink to="/tools">{t('home.cta.start')}</SiteLink>
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
