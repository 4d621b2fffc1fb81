/**
 * Fixed copy of the home page: feature cards, testimonials and FAQ, in the page's language
 * (locales/<locale>/home.json). The FAQ answers describe what the product really does.
 */
import { t, type MessageId } from '../lib/i18n/messages';
import type { SiteIconName } from './SiteIcon';

export interface FeatureCard {
  icon: SiteIconName;
  title: string;
  description: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  title: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

const FEATURE_ICONS: readonly SiteIconName[] = ['Shield', 'Zap', 'Smartphone', 'BadgeDollarSign'];
/** The people quoted; their names are not translated. */
const TESTIMONIAL_AUTHORS = ['Maria Lopez', 'James Carter', 'Aisha Khan'];
const FAQ_COUNT = 6;

const msg = (id: string) => t(id as MessageId);

export const heroHeading = () => t('home.hero.heading');
export const heroSubtitle = () => t('home.hero.subtitle');

export function features(): FeatureCard[] {
  return FEATURE_ICONS.map((icon, i) => ({ icon, title: msg(`home.features.${i}.title`), description: msg(`home.features.${i}.description`) }));
}

export function testimonials(): Testimonial[] {
  return TESTIMONIAL_AUTHORS.map((author, i) => ({ quote: msg(`home.testimonials.${i}.quote`), author, title: msg(`home.testimonials.${i}.title`) }));
}

export function faqItems(): FaqItem[] {
  return Array.from({ length: FAQ_COUNT }, (_, i) => ({ question: msg(`home.faq.${i}.question`), answer: msg(`home.faq.${i}.answer`) }));
}
