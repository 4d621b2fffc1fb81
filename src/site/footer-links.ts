/** The footer's link columns. Tool titles come from the catalogue. */
import { CATEGORIES, catalogue, toolBySlug } from '../engine/catalogue-summary';

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

export const FOOTER_TOOLS: readonly FooterLink[] = FOOTER_TOOL_SLUGS.map((slug) => ({
  slug,
  title: toolBySlug(slug)?.title ?? titleFromSlug(slug),
}));

/** How many tools of each category the More Tools column takes. */
const MORE_PER_CATEGORY = 2;

/**
 * More Tools: the first tools of each category (in catalogue order) that the
 * Tools column does not already list, so every category is represented.
 */
export const FOOTER_MORE_TOOLS: readonly FooterLink[] = CATEGORIES.flatMap((category) =>
  catalogue
    .filter((t) => t.category === category && !(FOOTER_TOOL_SLUGS as readonly string[]).includes(t.slug))
    .slice(0, MORE_PER_CATEGORY),
).map((t) => ({ slug: t.slug, title: t.title }));

export const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;
