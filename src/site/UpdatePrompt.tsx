import { useUpdateAvailable, setUpdateAvailable } from './update-available';
import { t } from '../lib/i18n/messages';


/** "Update available — Reload": shown when a new version is ready; reloading is the visitor's choice. */
export function UpdatePrompt() {
  const apply = useUpdateAvailable();
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>{t('common.update.text')}</span>
      <button type="button" className="update-prompt-reload" onClick={apply}>
        {t('common.update.reload')}
      </button>
      <button type="button" className="update-prompt-later" onClick={() => setUpdateAvailable(null)}>
        {t('common.update.later')}
      </button>
    </div>
  );
}
