import { CONTACT_EMAIL } from './constants';
import { StaticPage } from './StaticPage';
import { t } from '../lib/i18n/messages';

export function Contact() {
  return (
    <StaticPage title={t('pages.contact.title')} lead={t('pages.contact.lead')}>
      <h2>{t('pages.contact.email.heading')}</h2>
      {/* Two messages only because the paragraph holds a link (the address): the text before it and after it. */}
      <p>
        {t('pages.contact.email.textBeforeAddress')}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        {t('pages.contact.email.textAfterAddress')}
      </p>

      <h2>{t('pages.contact.reporting.heading')}</h2>
      <p>{t('pages.contact.reporting.intro')}</p>
      <ul>
        <li>{t('pages.contact.reporting.tool')}</li>
        <li>{t('pages.contact.reporting.message')}</li>
        <li>{t('pages.contact.reporting.browser')}</li>
        <li>{t('pages.contact.reporting.file')}</li>
      </ul>

      <h2>{t('pages.contact.noFiles.heading')}</h2>
      <p>{t('pages.contact.noFiles.text')}</p>
    </StaticPage>
  );
}
