/**
 * The offer of the visitor's own language (LanguageOfferBar.tsx), whose code loads only on a
 * page where there is something to offer: most visits never fetch it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { currentLocale } from '../lib/i18n/messages';
import { localeToOffer } from './locale-choice';

const LanguageOfferBar = lazy(() => import('./LanguageOfferBar'));

export function LanguageOffer() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => setWanted(localeToOffer(currentLocale()) !== undefined), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LanguageOfferBar />
    </Suspense>
  );
}
