/**
 * What each pre-rendered page says about itself in its <head>: title,
 * description, canonical link, Open Graph and Twitter tags, JSON-LD. Pure
 * functions over the manifests, so they are unit-tested without a build.
 */
import type { ToolManifest } from '../schemas/manifest.ts';
import type { Workflow } from '../schemas/workflow.ts';

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
  /** The route, e.g. /tools/merge-pdf; '404' for the not-found page. */
  path: string;
  title: string;
  description: string;
  /** JSON-LD objects, written as <script type="application/ld+json"> data blocks. */
  jsonLd: object[];
  /** Not-found pages are not indexed and have no canonical link. */
  index: boolean;
}

const pageTitle = (page: string) => `${page} - ${SITE_NAME}`;

/** Title and description of the pages that are not tools; titles match what each page sets itself. */
export const SITE_PAGES: readonly { path: string; title: string; description: string }[] = [
  {
    path: '/',
    title: pageTitle('Free Online Tools to Make Your Work Easier'),
    description:
      'FileDesk: free online file tools that run on your device. Compress, convert, split and merge PDFs, images, spreadsheets and more without uploading anything.',
  },
  {
    path: '/tools',
    title: pageTitle('All Tools'),
    description:
      'Every FileDesk tool in one place: PDF, image, audio, text and spreadsheet tools that run in your browser. Nothing is uploaded.',
  },
  {
    path: '/about',
    title: pageTitle('About Us'),
    description: 'FileDesk is a collection of free, single-purpose file tools that work entirely in your browser.',
  },
  {
    path: '/contact',
    title: pageTitle('Contact'),
    description: 'Questions, bug reports and ideas for new FileDesk tools are welcome.',
  },
  {
    path: '/privacy',
    title: pageTitle('Privacy Policy'),
    description: 'FileDesk is built so that we never see your files or your data: every tool runs on your own device.',
  },
  {
    path: '/terms',
    title: pageTitle('Terms of Service'),
    description: 'The terms of use of FileDesk: free, open source and provided as is.',
  },
];

export const NOT_FOUND_HEAD: PageHead = {
  path: '404',
  title: pageTitle('Page Not Found'),
  description: "The page you are looking for doesn't exist or has been moved.",
  jsonLd: [],
  index: false,
};

export function toolPath(slug: string): string {
  return `/tools/${slug}`;
}

export function sitePageHead(page: (typeof SITE_PAGES)[number], base: string): PageHead {
  const jsonLd: object[] =
    page.path === '/'
      ? [{ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${base}/`, description: page.description }]
      : [];
  return { ...page, jsonLd, index: true };
}

export function toolHead(tool: ToolManifest, base: string): PageHead {
  const url = base + toolPath(tool.slug);
  const description = `${tool.description} Free and private: it runs in your browser and never uploads your files.`;
  return {
    path: toolPath(tool.slug),
    title: pageTitle(tool.title),
    description,
    index: true,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: tool.title,
        url,
        description: tool.description,
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: 'Any (runs in a web browser)',
        browserRequirements: 'Requires JavaScript and WebAssembly',
        isAccessibleForFree: true,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
        featureList: tool.features,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: `How to use ${tool.title}`,
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

export const BUILDER_HEAD: PageHead = {
  path: '/workflows/new',
  title: pageTitle('Build Your Own Workflow'),
  description:
    'Chain FileDesk tools into one job: each step works on the files the step before made. Run it in your browser, save it, or share it as a link. Nothing is uploaded.',
  jsonLd: [],
  index: true,
};

/** A workflow page: WebApplication, and a HowTo whose steps are the workflow's tools. */
export function workflowHead(workflow: Workflow, tools: readonly ToolManifest[], base: string): PageHead {
  const url = base + workflowPath(workflow.slug);
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
  return {
    path: workflowPath(workflow.slug),
    title: pageTitle(workflow.title),
    description: `${workflow.description} Free and private: it runs in your browser and never uploads your files.`,
    index: true,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: workflow.title,
        url,
        description: workflow.description,
        applicationCategory: 'UtilitiesApplication',
        operatingSystem: 'Any (runs in a web browser)',
        browserRequirements: 'Requires JavaScript and WebAssembly',
        isAccessibleForFree: true,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
        featureList: workflow.features,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: workflow.title,
        description: workflow.description,
        tool: workflow.steps.map((s) => ({ '@type': 'HowToTool', name: `${SITE_NAME} ${bySlug.get(s.tool)?.title ?? s.tool}` })),
        step: workflow.steps.map((s, i) => {
          const tool = bySlug.get(s.tool);
          return {
            '@type': 'HowToStep',
            position: i + 1,
            name: tool?.title ?? s.tool,
            text: tool?.description ?? s.tool,
            url: base + toolPath(s.tool),
          };
        }),
      },
    ],
  };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script>: no sequence can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <head> tags that differ from page to page. */
export function headTags(head: PageHead, base: string): string {
  const url = head.index ? base + (head.path === '/' ? '/' : head.path) : undefined;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    head.index ? '' : '<meta name="robots" content="noindex" />',
    url ? `<link rel="canonical" href="${escapeAttr(url)}" />` : '',
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

export function sitemap(paths: readonly string[], base: string): string {
  const urls = paths.map((p) => `  <url><loc>${escapeText(base + (p === '/' ? '/' : p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`;
}
