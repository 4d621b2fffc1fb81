/** Site-wide constants from the specification (section 9, "Site"). */
import { t } from '../lib/i18n/messages';

export const SITE_NAME = 'FileDesk';

/** Tools shown in the home page's popular grid: the first N of the catalogue. */
export const FEATURED_TOOL_COUNT = 6;

/** The header switches to its scrolled look once window.scrollY exceeds this. */
export const HEADER_SCROLL_THRESHOLD = 10;

/** Maximum height of the search results area, in px. */
export const DIALOG_RESULTS_MAX_HEIGHT = 300;
export const MOBILE_RESULTS_MAX_HEIGHT = 200;

/** Below this width (px) the header shows the menu toggle instead of its links. */
export const MOBILE_BREAKPOINT = 768;

export const CONTACT_EMAIL = 'contact@filedesk.example';

/** "<page> - FileDesk", the document title of every page, in the page's language. */
export function pageTitle(page: string): string {
  return t('common.pageTitle', { page });
}
