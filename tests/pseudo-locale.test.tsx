// @vitest-environment jsdom
/**
 * No English left in the code: with a pseudo-locale, in which every catalog message and every
 * tool and workflow text is wrapped in ⟦ ⟧, every route of the site renders, and every text a
 * person reads (text nodes, and the labels, titles, placeholders and alternative texts of
 * elements) is made of wrapped messages. A text hard-coded in a component shows unwrapped.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { featuresBySlug } from 'virtual:catalogue-features';
import { workflowSummaries } from 'virtual:workflow-summaries';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolManifest } from '../schemas/manifest';
import { localizeManifest, manifestTexts } from '../src/lib/i18n/manifest-texts';
import { i18n } from '../src/lib/i18n/messages';
import { catalogueDescriptions, catalogueTitles } from 'virtual:catalogue-texts';
import { applyDescriptions, applyTitles } from '../src/engine/catalogue-summary';
import { readManifests, readWorkflowFiles } from '../src/manifests/read';

const OPEN = '⟦';
const CLOSE = '⟧';
const wrap = (text: string) => `${OPEN}${text}${CLOSE}`;

/** Every object's string values wrapped, deeply. */
function wrapAll<T>(value: T): T {
  if (typeof value === 'string') return wrap(value) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrapAll(v)])) as T;
  return value;
}

vi.mock('../src/engine/tool-manifest', async (original) => {
  const real = await original<typeof import('../src/engine/tool-manifest')>();
  const pseudo = new Map<string, ToolManifest>();
  const texts = (m: ToolManifest) => Object.fromEntries(Object.entries(manifestTexts(m)).map(([k, v]) => [k, wrap(v)]));
  return {
    ...real,
    async loadToolManifest(slug: string) {
      const manifest = await real.loadToolManifest(slug);
      if (manifest && !pseudo.has(slug)) pseudo.set(slug, localizeManifest(manifest, texts(manifest)));
      return pseudo.get(slug);
    },
    loadedToolManifest: (slug: string) => pseudo.get(slug),
  };
});

vi.mock('../src/workflows/workflow-data', async (original) => {
  const real = await original<typeof import('../src/workflows/workflow-data')>();
  type Loaded = NonNullable<Awaited<ReturnType<typeof real.loadWorkflow>>>;
  const pseudo = new Map<string, Loaded>();
  return {
    ...real,
    async loadWorkflow(slug: string) {
      const loaded = await real.loadWorkflow(slug);
      if (loaded && !pseudo.has(slug)) {
        const { workflow } = loaded;
        pseudo.set(slug, { ...loaded, workflow: { ...workflow, title: wrap(workflow.title), description: wrap(workflow.description), features: workflow.features.map(wrap) } });
      }
      return pseudo.get(slug);
    },
    loadedWorkflow: (slug: string) => pseudo.get(slug),
  };
});

/** A compiled Lingui message wrapped: a string, or a list of parts. */
function wrapCompiled(message: unknown): unknown {
  return typeof message === 'string' ? wrap(message) : [OPEN, ...(message as unknown[]), CLOSE];
}

/** What is left of a text once every wrapped message is taken out (innermost first, for messages inside messages). */
function unwrapped(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  return rest;
}

/**
 * Text that is not language: numbers, punctuation, the product's name, file names and
 * extensions, format names and units written as data (".pdf", "PDF", "20 MB", "100%").
 */
const NOT_LANGUAGE = /^(?:[\w.+-]+@[\w.-]+|[\s\d.,:;!?·•→←×%()[\]{}\-–—/|+#*'"“”«»…]|FileDesk|\.?[a-z0-9]+\.[a-z0-9]+|\.[a-z0-9]+|[A-Z0-9]{2,5}|\d+(?:\.\d+)?\s?(?:B|KB|MB|GB|px|pt|mm|x|ms|s|%))*$/;

function englishLeft(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // Names (translate="no"), words in a language of their own (lang="…", the language menu) and a
    // field's value (the visitor's data, such as a chart's sample figures) are not the page's text.
    if (!parent || parent.closest('script, style, textarea, [aria-hidden="true"], svg, [translate="no"], [lang]')) continue;
    const rest = unwrapped(node.textContent ?? '').trim();
    if (rest && !NOT_LANGUAGE.test(rest)) found.push(`text "${rest}" in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(attribute);
      if (!value) continue;
      const rest = unwrapped(value).trim();
      if (rest && !NOT_LANGUAGE.test(rest)) found.push(`${attribute}="${rest}" on <${element.tagName.toLowerCase()}>`);
    }
  }
  return found;
}

async function renderRoute(path: string) {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const { createAppRouter, RoutedApp } = await import('../src/routes');
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: [path] }));
  render(<RoutedApp router={router} />);
  await act(() => router.load());
  await screen.findAllByRole('banner');
  // Parts that load after the first render (a page for typed text's form) settle.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('a pseudo-locale', () => {
  const english = { ...(i18n.messages as Record<string, unknown>) };
  const original = {
    workflows: workflowSummaries.map((w) => ({ ...w })),
    features: { ...featuresBySlug },
  };

  beforeAll(async () => {
    i18n.load('en', Object.fromEntries(Object.entries(english).map(([id, message]) => [id, wrapCompiled(message)])) as Record<string, never>);
    for (const w of workflowSummaries) w.description = wrap(w.description);
    for (const [slug, features] of Object.entries(featuresBySlug)) featuresBySlug[slug] = features.map(wrap);
    // The tools' and workflows' titles and descriptions, wrapped.
    applyTitles(wrapAll((await catalogueTitles.en()).default));
    applyDescriptions('en', wrapAll((await catalogueDescriptions.en()).default));
  });

  afterAll(async () => {
    i18n.load('en', english as Record<string, never>);
    applyTitles((await catalogueTitles.en()).default);
    applyDescriptions('en', (await catalogueDescriptions.en()).default);
    workflowSummaries.forEach((w, i) => Object.assign(w, original.workflows[i]));
    Object.assign(featuresBySlug, original.features);
  });

  const routes = [
    '/',
    '/tools',
    '/about',
    '/contact',
    '/privacy',
    '/terms',
    '/workflows/new',
    '/no-such-page',
    ...readManifests().map((t) => `/tools/${t.slug}`),
    ...readWorkflowFiles().map((w) => `/workflows/${w.slug}`),
  ];

  it.each(routes)('%s shows no text that did not come from a catalog', async (path) => {
    await renderRoute(path);
    try {
      expect(englishLeft()).toEqual([]);
    } finally {
      cleanup();
    }
  });
});
