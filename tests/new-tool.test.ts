/**
 * `npm run new-tool` (scripts/new-tool.ts), run into a copy of the manifests
 * in a temporary folder: the manifest it writes is valid and the catalogue
 * takes it, its processor is a real one (shared, or a copy of its own), and
 * the test it writes runs that processor on a generated input.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_DESCRIPTION, PLACEHOLDER_TITLE, scaffoldTool } from '../scripts/new-tool';
import { viewNames } from '../src/engine/view-modules';
import { loadProcessor, processorNames } from '../src/core/processor-modules';
import { parseManifest } from '../src/manifests/parse';
import { MANIFEST_ROOT, readManifestFiles, readManifests } from '../src/manifests/read';
import { TRANSLATED_LOCALES } from '../src/lib/i18n/locales';
import { expectProducedFiles, runAsTool, sampleInputs } from './support/processor-sample';

const REPO_ROOT = resolve(MANIFEST_ROOT, '..');
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'filedesk-new-tool-'));
  cpSync(MANIFEST_ROOT, join(root, 'manifests'), { recursive: true });
  cpSync(join(REPO_ROOT, 'locales'), join(root, 'locales'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** The files written but the languages' texts (a test of their own checks those). */
const codeAndManifest = (paths: string[]) => paths.filter((path) => !path.startsWith('locales/'));

/** Every relative import of a written file resolves once the file sits in `folder` of the repository. */
function expectImportsExist(source: string, folder: string) {
  const imports = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  expect(imports.length).toBeGreaterThan(0);
  for (const path of imports) {
    const target = resolve(REPO_ROOT, folder, path);
    expect(['.ts', '.tsx', ''].some((ext) => existsSync(`${target}${ext}`)) || path === './turn-pdf', path).toBe(true);
  }
}

describe('npm run new-tool', () => {
  it("leaves every language the model's texts, with the new title and description to translate", () => {
    const [model] = readManifests().filter((t) => t.processor);
    scaffoldTool({ slug: 'brand-new-tool', like: model.slug, root });
    for (const locale of TRANSLATED_LOCALES) {
      const texts = JSON.parse(read(`locales/${locale}/tools/brand-new-tool.json`)) as Record<string, string>;
      const modelTexts = JSON.parse(read(`locales/${locale}/tools/${model.slug}.json`)) as Record<string, string>;
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(modelTexts).sort());
      expect(texts.title).toBe(PLACEHOLDER_TITLE);
      expect(texts.description).toBe(PLACEHOLDER_DESCRIPTION);
      expect(texts['action.label']).toBe(modelTexts['action.label']);
    }
  });

  it('starts a tool from one with a processor: the manifest shares that processor, and a test runs it', async () => {
    const written = codeAndManifest(scaffoldTool({ slug: 'turn-pdf', like: 'rotate-pdf', root }));
    expect(written).toEqual(['manifests/pdf/turn-pdf.json', 'tests/tools/turn-pdf.test.ts']);

    const tools = readManifests(join(root, 'manifests'));
    const tool = parseManifest('pdf/turn-pdf.json', JSON.parse(read('manifests/pdf/turn-pdf.json')));
    const like = tools.find((t) => t.slug === 'rotate-pdf')!;
    expect(new Set(tools.map((t) => t.slug)).size).toBe(tools.length);
    expect(tool).toEqual({ ...like, slug: 'turn-pdf', title: PLACEHOLDER_TITLE, description: PLACEHOLDER_DESCRIPTION, order: tool.order });
    expect(tool.processor).toBe('rotate-pdf');
    expect(tool.order).toBe(Math.max(...tools.filter((t) => t.category === 'pdf' && t.slug !== 'turn-pdf').map((t) => t.order)) + 1);
    expect(viewNames).toContain(tool.view);
    expectImportsExist(read('tests/tools/turn-pdf.test.ts'), 'tests/tools');

    // What that test does.
    expectProducedFiles(tool, await runAsTool(tool, await loadProcessor(tool.processor!), await sampleInputs(tool)));
  }, 60_000);

  it('with --own-processor, gives the tool a copy of the other processor to change, with the test beside it', () => {
    cpSync(join(REPO_ROOT, 'src/processors/rotate-pdf.ts'), join(root, 'src/processors/rotate-pdf.ts'));
    const written = codeAndManifest(scaffoldTool({ slug: 'turn-pdf', like: 'rotate-pdf', ownProcessor: true, root }));
    expect(written).toEqual(['manifests/pdf/turn-pdf.json', 'src/processors/turn-pdf.ts', 'src/processors/turn-pdf.test.ts']);
    expect(JSON.parse(read('manifests/pdf/turn-pdf.json')).processor).toBe('turn-pdf');
    const source = read('src/processors/turn-pdf.ts');
    expect(source).toBe(readFileSync(join(REPO_ROOT, 'src/processors/rotate-pdf.ts'), 'utf8'));
    expectImportsExist(source, 'src/processors');
    expectImportsExist(read('src/processors/turn-pdf.test.ts'), 'src/processors');
    expect(processorNames).toContain('rotate-pdf');
  });

  it('starts a demo-only tool from one without a processor: the manifest alone', () => {
    expect(codeAndManifest(scaffoldTool({ slug: 'paint-photo', like: 'colorize-photo', root }))).toEqual(['manifests/image/paint-photo.json']);
    const tool = readManifests(join(root, 'manifests')).find((t) => t.slug === 'paint-photo')!;
    expect([tool.title, tool.category, tool.processor]).toEqual([PLACEHOLDER_TITLE, 'image', undefined]);
  });

  it('refuses a slug that is taken or malformed, or a tool that does not exist, and writes nothing', () => {
    const count = () => readManifestFiles(join(root, 'manifests')).length;
    const before = count();
    expect(() => scaffoldTool({ slug: 'merge-pdf', like: 'rotate-pdf', root })).toThrow('A tool named merge-pdf exists already');
    expect(() => scaffoldTool({ slug: 'Turn PDF', like: 'rotate-pdf', root })).toThrow('is not a slug');
    expect(() => scaffoldTool({ slug: 'turn-pdf', like: 'no-such-tool', root })).toThrow('There is no tool no-such-tool');
    expect(() => scaffoldTool({ slug: 'paint-photo', like: 'colorize-photo', ownProcessor: true, root })).toThrow('colorize-photo has no processor to copy');
    expect(count()).toBe(before);
    expect(existsSync(join(root, 'src'))).toBe(false);
  });
});
