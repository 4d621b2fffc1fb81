/** The footer's link columns. Tool titles come from the catalogue. */
import { CATEGORIES, catalogue, toolBySlug } from '../engine/catalogue-summary';
import { t } from '../lib/i18n/messages';


export interface FooterLink {
  slug: string;
  title: string;
}

/** The Tools column, in the order the specification lists it. */
export const FOOTER_TOOL_SLUGS = [
  'pdf-compressor',
  'image-compressor',
  'pdf-to-word',
  'word-to-pdf',
  'text-to-speech',
  'jpg-to-png',
  'png-to-jpg',
  'merge-pdf',
  'split-pdf',
  'text-case-converter',
] as const;

const ACRONYMS = new Set(['pdf', 'jpg', 'png', 'csv', 'xml', 'json', 'gif', 'svg', 'epub', 'heic', 'tiff', 'psd', 'eps', 'webp']);

/** Title for a slug whose manifest is missing: "pdf-to-word" -> "PDF To Word". */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The Tools column, titled in the page's language. */
export function footerTools(): FooterLink[] {
  return FOOTER_TOOL_SLUGS.map((slug) => ({ slug, title: toolBySlug(slug)?.title ?? titleFromSlug(slug) }));
}

/** How many tools of each category the More Tools column takes. */
const MORE_PER_CATEGORY = 2;

/**
 * More Tools: the first tools of each category (in catalogue order) that the
 * Tools column does not already list, so every category is represented.
 */
export function footerMoreTools(): FooterLink[] {
  return CATEGORIES.flatMap((category) =>
    catalogue
      .filter((tool) => tool.category === category && !(FOOTER_TOOL_SLUGS as readonly string[]).includes(tool.slug))
      .slice(0, MORE_PER_CATEGORY),
  ).map((tool) => ({ slug: tool.slug, title: tool.title }));
}

/** The Company column. */
export function companyLinks(): { to: string; label: string }[] {
  return [
    { to: '/about', label: t('common.footer.about') },
    { to: '/contact', label: t('common.footer.contact') },
    { to: '/privacy', label: t('common.footer.privacy') },
    { to: '/terms', label: t('common.footer.terms') },
  ];
}
