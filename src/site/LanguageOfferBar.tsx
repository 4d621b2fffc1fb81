/**
 * On a page in another language than the visitor's (the one they chose, or their browser's
 * first that the site speaks), a quiet offer of the same page in theirs, written in theirs.
 * Never a redirect. Declining remembers the page's language, so the offer does not come back.
 */
import { useEffect, useState } from 'react';
import { LOCALE_INFO, localizedPath, type Locale } from '../lib/i18n/locales';
import { currentLocale } from '../lib/i18n/messages';
import { localeToOffer, rememberLocale } from './locale-choice';
import { usePathname } from './navigation';

interface Offer {
  locale: Locale;
  text: string;
  switch: string;
  dismiss: string;
}

export default function LanguageOfferBar() {
  const pathname = usePathname();
  const [offer, setOffer] = useState<Offer>();
  useEffect(() => {
    const locale = localeToOffer(currentLocale());
    if (!locale) return;
    let live = true;
    // Each language's three lines of the offer, a small chunk fetched only when there is an offer to make.
    void import('virtual:locale-offers').then(({ default: offers }) => {
      if (live) setOffer({ locale, ...offers[locale] });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!offer) return null;
  return (
    <div className="language-offer" role="region" aria-label={offer.text} lang={offer.locale} dir={LOCALE_INFO[offer.locale].dir}>
      <div className="container language-offer-bar">
        <p>{offer.text}</p>
        <a href={localizedPath(pathname, offer.locale)} hrefLang={offer.locale} className="language-offer-switch" onClick={() => rememberLocale(offer.locale)}>
          {offer.switch}
        </a>
        <button
          type="button"
          className="language-offer-dismiss"
          onClick={() => {
            rememberLocale(currentLocale());
            setOffer(undefined);
          }}
        >
          {offer.dismiss}
        </button>
      </div>
    </div>
  );
}
