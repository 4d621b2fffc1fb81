/**
 * What each pre-rendered page says about itself in its <head>: title,
 * description, canonical link, Open Graph and Twitter tags, JSON-LD. Pure
 * functions over the manifests, so they are unit-tested without a build.
 */
import type { ToolManifest } from '../schemas/manifest.ts';
import type { Workflow } from '../schemas/workflow.ts';
import { LOCALES, localizedPath, SOURCE_LOCALE, type Locale } from '../src/lib/i18n/locales.ts';
import { sayer, type Say } from './locale-texts.ts';

export const SITE_NAME = 'FileDesk';
export const DEFAULT_SITE_URL = 'https://filedesk.app';

/** The public address of the site, from SITE_URL, without a trailing slash. */
export function siteUrl(env: string | undefined = process.env.SITE_URL): string {
  return (env?.trim() || DEFAULT_SITE_URL).replace(/\/+$/, '');
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  // React renders style attributes and the toast library injects a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export interface PageHead {
  /** The page's address, with its locale prefix (/es/tools/merge-pdf); '404' for the not-found page. */
  path: string;
  /** The address without the locale prefix (/tools/merge-pdf), the same page in every language. */
  sitePath: string;
  locale: Locale;
  title: string;
  description: string;
  /** JSON-LD objects, written as <script type="application/ld+json"> data blocks. */
  jsonLd: object[];
  /** Not-found pages are not indexed and have no canonical link. */
  index: boolean;
}

const english = sayer(SOURCE_LOCALE);
const titled = (say: Say, page: string) => say('common.pageTitle', { page });

/** The pages that are not tools, by path, with the messages of their title and description; titles match what each page sets itself. */
export const SITE_PAGES: readonly { path: string; title: string; description: string }[] = [
  { path: '/', title: 'home.hero.heading', description: 'head.home.description' },
  { path: '/tools', title: 'tools.title', description: 'head.tools.description' },
  { path: '/about', title: 'head.about.title', description: 'head.about.description' },
  { path: '/contact', title: 'head.contact.title', description: 'head.contact.description' },
  { path: '/privacy', title: 'head.privacy.title', description: 'head.privacy.description' },
  { path: '/terms', title: 'head.terms.title', description: 'head.terms.description' },
];

export function notFoundHead(locale: Locale = SOURCE_LOCALE, say: Say = english): PageHead {
  return {
    path: '404',
    sitePath: '404',
    locale,
    title: titled(say, say('common.notFound.title')),
    description: say('common.notFound.text'),
    jsonLd: [],
    index: false,
  };
}

export function toolPath(slug: string): string {
  return `/tools/${slug}`;
}

export function sitePageHead(page: (typeof SITE_PAGES)[number], base: string, locale: Locale = SOURCE_LOCALE, say: Say = english): PageHead {
  const path = localizedPath(page.path, locale);
  const description = say(page.description);
  const jsonLd: object[] =
    page.path === '/'
      ? [{ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: pageUrl(base, path), inLanguage: locale, description }]
      : [];
  return { path, sitePath: page.path, locale, title: titled(say, say(page.title)), description, jsonLd, index: true };
}

/** A tool's head; `tool` carries the page locale's texts (scripts/locale-texts.ts). */
export function toolHead(tool: ToolManifest, base: string, locale: Locale = SOURCE_LOCALE, say: Say = english): PageHead {
  const path = localizedPath(toolPath(tool.slug), locale);
  const url = pageUrl(base, path);
  return {
    path,
    sitePath: toolPath(tool.slug),
    locale,
    title: titled(say, tool.title),
    description: say('head.private', { description: tool.description }),
    index: true,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: tool.title,
        url,
        inLanguage: locale,
        description: tool.description,
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: say('head.operatingSystem'),
        browserRequirements: say('head.browserRequirements'),
        isAccessibleForFree: true,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
        featureList: tool.features,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: say('head.howTo', { title: tool.title }),
        inLanguage: locale,
        description: tool.description,
        tool: { '@type': 'HowToTool', name: `${SITE_NAME} ${tool.title}` },
        step: tool.howTo.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, name: text, text })),
      },
    ],
  };
}

export function workflowPath(slug: string): string {
  return `/workflows/${slug}`;
}

export const BUILDER_PATH = '/workflows/new';

export function builderHead(locale: Locale = SOURCE_LOCALE, say: Say = english): PageHead {
  return {
    path: localizedPath(BUILDER_PATH, locale),
    sitePath: BUILDER_PATH,
    locale,
    title: titled(say, say('head.builder.title')),
    description: say('head.builder.description'),
    jsonLd: [],
    index: true,
  };
}

/** A workflow page: WebApplication, and a HowTo whose steps are the workflow's tools; all in the page locale's texts. */
export function workflowHead(workflow: Workflow, tools: readonly ToolManifest[], base: string, locale: Locale = SOURCE_LOCALE, say: Say = english): PageHead {
  const path = localizedPath(workflowPath(workflow.slug), locale);
  const url = pageUrl(base, path);
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
  return {
    path,
    sitePath: workflowPath(workflow.slug),
    locale,
    title: titled(say, workflow.title),
    description: say('head.private', { description: workflow.description }),
    index: true,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: workflow.title,
        url,
        inLanguage: locale,
        description: workflow.description,
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: say('head.operatingSystem'),
        browserRequirements: say('head.browserRequirements'),
        isAccessibleForFree: true,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
        featureList: workflow.features,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: workflow.title,
        inLanguage: locale,
        description: workflow.description,
        tool: workflow.steps.map((s) => ({ '@type': 'HowToTool', name: `${SITE_NAME} ${bySlug.get(s.tool)?.title ?? s.tool}` })),
        step: workflow.steps.map((s, i) => {
          const tool = bySlug.get(s.tool);
          return {
            '@type': 'HowToStep',
            position: i + 1,
            name: tool?.title ?? s.tool,
            text: tool?.description ?? s.tool,
            url: pageUrl(base, localizedPath(toolPath(s.tool), locale)),
          };
        }),
      },
    ],
  };
}

/** The absolute address of a page path. */
export function pageUrl(base: string, path: string): string {
  return base + path;
}

/** The same page in every language, and x-default (English) for a visitor whose language is none of them. */
export function alternates(sitePath: string, base: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: pageUrl(base, localizedPath(sitePath, locale)) })),
    { hreflang: 'x-default', href: pageUrl(base, sitePath) },
  ];
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script>: no sequence can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <head> tags that differ from page to page: canonical and hreflang alternates for every language. */
export function headTags(head: PageHead, base: string): string {
  const url = head.index ? pageUrl(base, head.path) : undefined;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    head.index ? '' : '<meta name="robots" content="noindex" />',
    url ? `<link rel="canonical" href="${escapeAttr(url)}" />` : '',
    ...(head.index ? alternates(head.sitePath, base).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}" />`) : []),
    `<meta property="og:locale" content="${head.locale.replace('-', '_')}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    url ? `<meta property="og:url" content="${escapeAttr(url)}" />` : '',
    `<meta property="og:image" content="${escapeAttr(base)}/icons/icon-512.png" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeAttr(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(head.description)}" />`,
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Every indexed page in every language, each with its alternates in the others. */
export function sitemap(pages: readonly { path: string; sitePath: string }[], base: string): string {
  const urls = pages.map((p) => {
    const links = alternates(p.sitePath, base).map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}"/>`);
    return `  <url><loc>${escapeText(pageUrl(base, p.path))}</loc>${links.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`;
}
