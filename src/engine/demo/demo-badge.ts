/** The marker of a tool that has no real processor yet, on its page and wherever the catalogue lists it. */
import { t } from '../../lib/i18n/messages';

export const demoBadge = () => t('common.demo.toolBadge');
export const demoBadgeTitle = () => t('common.demo.toolBadgeTitle');
