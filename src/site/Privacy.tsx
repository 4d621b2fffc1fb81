import { CONTACT_EMAIL } from './constants';
import { StaticPage } from './StaticPage';
import { t } from '../lib/i18n/messages';

export function Privacy() {
  return (
    <StaticPage title={t('pages.privacy.title')} lead={t('pages.privacy.lead')}>
      <h2>{t('pages.privacy.files.heading')}</h2>
      <p>{t('pages.privacy.files.text')}</p>

      <h2>{t('pages.privacy.noTracking.heading')}</h2>
      <p>{t('pages.privacy.noTracking.text')}</p>

      <h2>{t('pages.privacy.storage.heading')}</h2>
      <p>{t('pages.privacy.storage.text')}</p>

      <h2>{t('pages.privacy.server.heading')}</h2>
      <p>{t('pages.privacy.server.text')}</p>

      <h2>{t('pages.privacy.questions.heading')}</h2>
      {/* Two messages only because the paragraph holds a link (the address): the text before it and after it. */}
      <p>
        {t('pages.privacy.questions.textBeforeAddress')}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        {t('pages.privacy.questions.textAfterAddress')}
      </p>
    </StaticPage>
  );
}
