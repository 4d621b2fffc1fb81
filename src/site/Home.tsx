/**
 * Home page: hero, features, popular tools, testimonials, FAQ, closing call
 * to action (spec sections 1 and 2). Imports from the engine only the
 * catalogue, so the home page carries no processing code.
 */
import { Link } from '@tanstack/react-router';
import { SiteIcon } from './SiteToolIcon';
import { Button } from '@radix-ui/themes';
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
              <Link to="/tools">Explore All Tools</Link>
            </Button>
            <Button asChild size="4" variant="outline">
              <Link to="/tools/$slug" params={{ slug: 'pdf-compressor' }}>
                Try PDF Compressor
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-heading">
        <div className="container">
          <h2 id="features-heading" className="section-heading">
            {`Why Choose ${SITE_NAME}`}
          </h2>
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
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="popular-heading">
        <div className="container">
          <h2 id="popular-heading" className="section-heading">
            Popular Tools
          </h2>
          <ul className="tool-grid" aria-label="Popular tools">
            {popular.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
          <div className="section-actions">
            <Button asChild size="3" variant="soft">
              <Link to="/tools">
                View All Tools <SiteIcon name="ArrowRight" aria-hidden="true" size={16} />
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-heading">
        <div className="container">
          <h2 id="testimonials-heading" className="section-heading">
            What Our Users Say
          </h2>
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
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="faq-heading">
        <div className="container container-narrow">
          <h2 id="faq-heading" className="section-heading">
            Frequently Asked Questions
          </h2>
          <Faq items={FAQ_ITEMS} />
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-heading">
        <div className="container">
          <h2 id="cta-heading">Ready to simplify your workflow?</h2>
          <p>Pick a tool, add your file and get the result in a few clicks, without creating an account.</p>
          <Button asChild size="4" variant="solid" highContrast>
            <Link to="/tools">Get Started</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
