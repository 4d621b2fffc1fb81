import { describe, expect, it } from 'vitest';
import { readWorkflows } from '../scripts/vite-catalogue';
import { readManifests } from '../src/manifests/read';
import { htmlFile } from '../scripts/vite-prerender';
import { headTags, robots, siteUrl, sitemap, toolHead, workflowHead } from '../scripts/prerender-head';
import { localizedTool, sayer } from '../scripts/locale-texts';
import { LOCALES, TRANSLATED_LOCALES } from '../src/lib/i18n/locales';

const manifests = readManifests();
const workflows = readWorkflows(new URL('../workflows', import.meta.url).pathname, manifests);

describe('pre-rendered heads', () => {
  it('reads the site URL from SITE_URL, without a trailing slash', () => {
    expect(siteUrl(undefined)).toBe('https://filedesk.app');
    expect(siteUrl('https://example.org/')).toBe('https://example.org');
  });

  it('gives every tool its title, canonical link and a HowTo with the manifest steps', () => {
    for (const tool of manifests) {
      const head = toolHead(tool, 'https://example.org');
      const tags = headTags(head, 'https://example.org');
      expect(head.title).toBe(`${tool.title} - FileDesk`);
      expect(tags).toContain(`<link rel="canonical" href="https://example.org/tools/${tool.slug}" />`);
      const blocks = [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const howTo = blocks.find((b) => b['@type'] === 'HowTo');
      expect(howTo.step.map((s: { text: string }) => s.text)).toEqual(tool.howTo);
      expect(blocks.find((b) => b['@type'] === 'WebApplication').name).toBe(tool.title);
    }
  });

  it('gives every workflow its title, canonical link and a HowTo whose steps are its tools', () => {
    expect(workflows.length).toBeGreaterThan(0);
    for (const workflow of workflows) {
      const tags = headTags(workflowHead(workflow, manifests, 'https://example.org'), 'https://example.org');
      expect(tags).toContain(`<title>${workflow.title} - FileDesk</title>`);
      expect(tags).toContain(`<link rel="canonical" href="https://example.org/workflows/${workflow.slug}" />`);
      const blocks = [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const howTo = blocks.find((b) => b['@type'] === 'HowTo');
      const titles = workflow.steps.map((s) => manifests.find((t) => t.slug === s.tool)!.title);
      expect(howTo.step.map((s: { name: string }) => s.name)).toEqual(titles);
      expect(howTo.step.map((s: { url: string }) => s.url)).toEqual(workflow.steps.map((s) => `https://example.org/tools/${s.tool}`));
    }
  });

  it('escapes text so no value can close a tag or a script', () => {
    const tool = { ...manifests[0], title: 'A "B" </script><b>', howTo: ['</script>'] };
    const tags = headTags(toolHead(tool, 'https://x.test'), 'https://x.test');
    expect(tags).not.toContain('</script><b>');
    expect(tags).toContain('A &quot;B&quot; &lt;/script&gt;&lt;b&gt;');
  });

  it('writes /tools/<slug> to tools/<slug>.html and the not-found page to 404.html', () => {
    expect(htmlFile('/')).toBe('index.html');
    expect(htmlFile('/tools/merge-pdf')).toBe('tools/merge-pdf.html');
    expect(htmlFile('/workflows/new')).toBe('workflows/new.html');
    expect(htmlFile('404')).toBe('404.html');
  });

  it('builds a sitemap with every language of a page, and a robots.txt that points at it', () => {
    const map = sitemap([{ path: '/tools', sitePath: '/tools' }, { path: '/es/tools', sitePath: '/tools' }], 'https://x.test');
    expect(map).toContain('<loc>https://x.test/tools</loc>');
    expect(map).toContain('<loc>https://x.test/es/tools</loc>');
    expect(map).toContain('<xhtml:link rel="alternate" hreflang="pt-BR" href="https://x.test/pt-br/tools"/>');
    expect(map).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://x.test/tools"/>');
    expect(robots('https://x.test')).toContain('Sitemap: https://x.test/sitemap.xml');
  });

  it("gives a tool page in another language its own title, canonical link, every hreflang alternate and JSON-LD in that language", () => {
    const merge = manifests.find((t) => t.slug === 'merge-pdf')!;
    for (const locale of TRANSLATED_LOCALES) {
      const tool = localizedTool(merge, locale);
      expect(tool.title, locale).not.toBe(merge.title);
      const head = toolHead(tool, 'https://x.test', locale, sayer(locale));
      const tags = headTags(head, 'https://x.test');
      expect(head.path).toBe(`/${locale.toLowerCase()}/tools/merge-pdf`);
      expect(tags).toContain(`<title>${tool.title} - FileDesk</title>`);
      expect(tags).toContain(`<link rel="canonical" href="https://x.test/${locale.toLowerCase()}/tools/merge-pdf" />`);
      for (const other of LOCALES) {
        const href = other === 'en' ? 'https://x.test/tools/merge-pdf' : `https://x.test/${other.toLowerCase()}/tools/merge-pdf`;
        expect(tags).toContain(`<link rel="alternate" hreflang="${other}" href="${href}" />`);
      }
      expect(tags).toContain('<link rel="alternate" hreflang="x-default" href="https://x.test/tools/merge-pdf" />');
      const blocks = [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const app = blocks.find((b) => b['@type'] === 'WebApplication');
      expect(app.inLanguage).toBe(locale);
      expect(app.featureList).toEqual(tool.features);
      expect(blocks.find((b) => b['@type'] === 'HowTo').step.map((s: { text: string }) => s.text)).toEqual(tool.howTo);
    }
  });
});
