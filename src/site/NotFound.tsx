import { SiteLink } from './navigation';
import { Button } from '@radix-ui/themes';
import { FileQuestion } from 'lucide-react';
import { pageTitle } from './constants';
import { useDocumentTitle } from './useDocumentTitle';
import { usePageReady } from '../lib/page-ready';
import { t } from '../lib/i18n/messages';


/** Shown for any unknown path and for /tools/<slug> with an unknown slug. */
export function NotFound() {
  usePageReady();
  useDocumentTitle(pageTitle(t('common.notFound.title')));
  return (
    <div className="container page-padding not-found">
      <FileQuestion aria-hidden="true" size={56} className="not-found-icon" />
      <h1>{t('common.notFound.title')}</h1>
      <p>{t('common.notFound.text')}</p>
      <Button asChild size="3">
        <SiteLink to="/">{t('common.notFound.home')}</SiteLink>
      </Button>
    </div>
  );
}
