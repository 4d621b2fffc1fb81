import { SiteLink } from './navigation';
import { StaticPage } from './StaticPage';
import { t } from '../lib/i18n/messages';

export function About() {
  return (
    <StaticPage title={t('pages.about.title')} lead={t('pages.about.lead')}>
      <h2>{t('pages.about.whatWeDo.heading')}</h2>
      <p>{t('pages.about.whatWeDo.text')}</p>

      <h2>{t('pages.about.howItWorks.heading')}</h2>
      <p>{t('pages.about.howItWorks.text')}</p>

      <h2>{t('pages.about.demoMode.heading')}</h2>
      <p>{t('pages.about.demoMode.text')}</p>

      <h2>{t('pages.about.openSource.heading')}</h2>
      {/* Three messages only because the paragraph holds a link: the text before it, its text, the text after it. */}
      <p>
        {t('pages.about.openSource.textBeforeLink')}
        <SiteLink to="/terms">{t('pages.about.openSource.link')}</SiteLink>
        {t('pages.about.openSource.textAfterLink')}
      </p>
    </StaticPage>
  );
}
