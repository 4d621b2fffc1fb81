/**
 * `npm run new-tool <slug> -- --like <other-slug>`: starts a tool from one
 * that exists. It writes manifests/<category>/<slug>.json, the other tool's
 * manifest with the new slug, the next order in its category and a title and
 * description to replace. When the other tool has a processor, the new one
 * shares it (tools that differ only in formats share one processor, set up
 * by the manifest) and gets tests/tools/<slug>.test.ts, which runs it on a
 * small generated input. With --own-processor it gets instead a processor of
 * its own to change, src/processors/<slug>.ts (a copy of the other tool's),
 * with that test beside it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseManifest } from '../src/manifests/parse.ts';
import { readManifestFiles } from '../src/manifests/read.ts';
import { TRANSLATED_LOCALES } from '../src/lib/i18n/locales.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the schema and the routes take as an address: lower-case words joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PLACEHOLDER_TITLE = 'New tool';
export const PLACEHOLDER_DESCRIPTION = 'What New tool does, in one sentence.';

export interface NewToolRequest {
  slug: string;
  like: string;
  /** Give the new tool a copy of the other tool's processor, instead of sharing it. */
  ownProcessor?: boolean;
  /** The repository to write into (a copy of it in the tests). */
  root?: string;
}

/** A test that runs the tool's processor, found by its manifest, on a generated input; `up` leads from the test's folder to the root. */
function toolTest(slug: string, up: string): string {
  return `/** ${slug} on a small generated input: real files of the types its manifest produces. */
import { describe, it } from 'vitest';
import { loadProcessor } from '${up}src/core/processor-modules';
import { readManifest } from '${up}src/manifests/read';
import { expectProducedFiles, runAsTool, sampleInputs } from '${up}tests/support/processor-sample';

describe('${slug}', () => {
  it('makes files of the types its manifest produces from a generated input', async () => {
    const tool = readManifest('${slug}');
    const processor = await loadProcessor(tool.processor!);
    expectProducedFiles(tool, await runAsTool(tool, processor, await sampleInputs(tool)));
  }, 60_000);
});
`;
}

/** Writes the new tool's files; returns their paths, relative to the root. Throws, writing nothing, on a bad request. */
export function scaffoldTool({ slug, like, ownProcessor = false, root = REPO_ROOT }: NewToolRequest): string[] {
  if (!SLUG.test(slug)) throw new Error(`"${slug}" is not a slug: use lower-case words joined by hyphens, such as pdf-to-epub`);
  const files = readManifestFiles(join(root, 'manifests'));
  if (files.some((f) => f.slug === slug)) throw new Error(`A tool named ${slug} exists already`);
  const model = files.find((f) => f.slug === like);
  if (!model) throw new Error(`There is no tool ${like} to start from`);
  const likeManifest = parseManifest(model.path, model.raw);
  const processorPath = join(root, 'src/processors', `${slug}.ts`);
  if (ownProcessor && !likeManifest.processor) throw new Error(`${like} has no processor to copy`);
  if (ownProcessor && existsSync(processorPath)) throw new Error(`${relative(root, processorPath)} exists already`);

  const lastOrder = Math.max(...files.filter((f) => f.category === model.category).map((f) => parseManifest(f.path, f.raw).order));
  const manifest = {
    ...(model.raw as Record<string, unknown>),
    slug,
    title: PLACEHOLDER_TITLE,
    description: PLACEHOLDER_DESCRIPTION,
    order: lastOrder + 1,
    ...(ownProcessor ? { processor: slug } : {}),
  };
  const manifestPath = `${model.category}/${slug}.json`;
  parseManifest(manifestPath, manifest);

  const written: [path: string, text: string][] = [[join('manifests', manifestPath), `${JSON.stringify(manifest, null, 2)}\n`]];
  if (ownProcessor) {
    const source = readFileSync(join(root, 'src/processors', `${likeManifest.processor}.ts`), 'utf8');
    written.push([join('src/processors', `${slug}.ts`), source]);
    written.push([join('src/processors', `${slug}.test.ts`), toolTest(slug, '../../')]);
  } else if (likeManifest.processor) {
    written.push([join('tests/tools', `${slug}.test.ts`), toolTest(slug, '../../')]);
  }
  // Every language starts from the model's texts, with the new title and description in English to
  // translate: the site shows them in English until then, and `npm run i18n` counts them as not translated.
  for (const locale of TRANSLATED_LOCALES) {
    const modelTexts = join(root, 'locales', locale, 'tools', `${like}.json`);
    if (!existsSync(modelTexts)) continue;
    const texts = { ...(JSON.parse(readFileSync(modelTexts, 'utf8')) as Record<string, string>), title: PLACEHOLDER_TITLE, description: PLACEHOLDER_DESCRIPTION };
    written.push([join('locales', locale, 'tools', `${slug}.json`), `${JSON.stringify(texts, null, 2)}\n`]);
  }
  for (const [path, text] of written) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return written.map(([path]) => path);
}

function main(args: string[]): void {
  const likeAt = args.indexOf('--like');
  const like = likeAt >= 0 ? args[likeAt + 1] : undefined;
  const slug = args.find((arg, i) => !arg.startsWith('--') && i !== likeAt + 1);
  const ownProcessor = args.includes('--own-processor');
  if (!slug || !like) {
    console.error('Usage: npm run new-tool <slug> -- --like <slug of the tool to start from> [--own-processor]');
    process.exit(2);
  }
  try {
    const written = scaffoldTool({ slug, like, ownProcessor });
    console.log(`Wrote:\n  ${written.join('\n  ')}`);
    console.log(`Next: give ${slug} its title, description, features, steps and messages, then run npx vitest run tests/manifests.test.ts -u to take it into the catalogue snapshot.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
