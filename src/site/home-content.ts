/**
 * Fixed copy of the home page: feature cards, testimonials and FAQ. The FAQ
 * answers describe what the product really does.
 */
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

export const HERO_HEADING = 'Free Online Tools to Make Your Work Easier';
export const HERO_SUBTITLE =
  'Convert, compress, and edit your files with our easy-to-use online tools. No registration required.';

export const FEATURES: readonly FeatureCard[] = [
  {
    icon: 'Shield',
    title: '100% Secure',
    description: 'Your files are processed on your device and never uploaded to our servers.',
  },
  {
    icon: 'Zap',
    title: 'Fast Processing',
    description: 'Every tool is optimised for speed, so most jobs finish in seconds.',
  },
  {
    icon: 'Smartphone',
    title: 'Works Everywhere',
    description: 'Runs on any device with a browser, phones and tablets included. Nothing to download.',
  },
  {
    icon: 'BadgeDollarSign',
    title: 'Free to Use',
    description: 'No hidden fees and no subscriptions. Every tool is free.',
  },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I shrink client contracts before emailing them, and the files never leave my laptop. For confidential documents that is exactly what I need.',
    author: 'Maria Lopez',
    title: 'Paralegal',
  },
  {
    quote:
      'Merging a month of scanned receipts into one PDF used to mean installing software. Now it is one browser tab and a couple of clicks.',
    author: 'James Carter',
    title: 'Small Business Owner',
  },
  {
    quote:
      'I fix headline capitalisation and turn CSV exports into spreadsheets every week, often from my phone. No account, no waiting.',
    author: 'Aisha Khan',
    title: 'Content Editor',
  },
];

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Is FileDesk really free?',
    answer:
      'Yes. Every tool is free to use, with no registration, no hidden fees and no subscriptions. FileDesk is open source under the AGPL-3.0-or-later licence.',
  },
  {
    question: 'Are my files uploaded to a server?',
    answer:
      'No. Your files are processed on your own device, inside your browser. They are never uploaded, and nothing you open is sent anywhere.',
  },
  {
    question: 'Which file formats are supported?',
    answer:
      'Each tool lists the formats it accepts on its own page: PDF, common image formats, Word, Excel, CSV, XML, JSON, plain text and more, depending on the tool.',
  },
  {
    question: 'Are there limits on file size or number of files?',
    answer:
      'Yes. Each tool has its own limits on file size and on how many files you can add at once, chosen so the work runs smoothly in a browser. The limits are shown on each tool page.',
  },
  {
    question: 'Do I need to install anything?',
    answer:
      'No. FileDesk runs in any modern browser on computers, phones and tablets. Large files take longer on slower devices, because the work happens on your device.',
  },
  {
    question: 'What is demo mode?',
    answer:
      'Demo mode runs every tool as a simulation: after a short delay it produces a placeholder file marked (Mock) instead of a real result. You can turn it on with the Demo mode switch at the bottom of every page; it lasts for the browser session, and the Demo mode badge in the header turns it off again.',
  },
];
