import { StaticPage } from './StaticPage';
import { t } from '../lib/i18n/messages';

export function Terms() {
  return (
    <StaticPage title={t('pages.terms.title')} lead={t('pages.terms.lead')}>
      <h2>{t('pages.terms.free.heading')}</h2>
      <p>{t('pages.terms.free.text')}</p>

      <h2>{t('pages.terms.licence.heading')}</h2>
      <p>{t('pages.terms.licence.text')}</p>

      <h2>{t('pages.terms.responsibility.heading')}</h2>
      <p>{t('pages.terms.responsibility.text')}</p>

      <h2>{t('pages.terms.warranty.heading')}</h2>
      <p>{t('pages.terms.warranty.text')}</p>
    </StaticPage>
  );
}
