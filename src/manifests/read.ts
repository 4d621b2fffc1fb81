/**
 * The manifests on disk, for Node: the Vite plugins, the scripts, the tests
 * and the end-to-end specs read manifests/<category>/<slug>.json through
 * here only, each validated (parse.ts), and workflows/<slug>.json too. In the browser a tool page loads its
 * own manifest with import.meta.glob (src/engine/tool-manifest.ts), and the
 * command line's bundle carries them all the same way (src/cli/catalogue.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolManifest } from '../../schemas/manifest.ts';
import { manifestPathParts, parseManifest } from './parse.ts';

/**
 * The repository's manifests/ folder. Built from this file's path, not with
 * `new URL(…, import.meta.url)`, which Vite turns into a served address.
 */
export const MANIFEST_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../manifests');

/** The repository's workflows/ folder. */
export const WORKFLOW_ROOT = join(MANIFEST_ROOT, '../workflows');

/** A manifest file as written, before validation. */
export interface ManifestFile {
  /** `<category>/<slug>.json`, relative to the manifests folder. */
  path: string;
  category: string;
  slug: string;
  raw: unknown;
}

/** Plain code-unit order, so the list reads the same on every file system and locale. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every manifests/<category>/<slug>.json under `root` as written, by category folder and file name. */
export function readManifestFiles(root: string = MANIFEST_ROOT): ManifestFile[] {
  return readdirSync(root)
    .filter((category) => statSync(join(root, category)).isDirectory())
    .sort(byName)
    .flatMap((category) =>
      readdirSync(join(root, category))
        .filter((file) => file.endsWith('.json'))
        .sort(byName)
        .map((file) => {
          const path = `${category}/${file}`;
          return { path, ...manifestPathParts(path), raw: JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown };
        }),
    );
}

/** Every manifest under `root`, validated, with the schema's defaults; throws at the first invalid one. */
export function readManifests(root: string = MANIFEST_ROOT): ToolManifest[] {
  return readManifestFiles(root).map((file) => parseManifest(file.path, file.raw));
}

/** One tool's manifest, validated; throws when there is none. */
export function readManifest(slug: string, root: string = MANIFEST_ROOT): ToolManifest {
  const found = readManifests(root).find((tool) => tool.slug === slug);
  if (!found) throw new Error(`No manifest for ${slug} in ${root}`);
  return found;
}

/** A workflow file as written, before validation (schemas/workflow.ts, and against its tools: src/engine/workflow.ts). */
export interface WorkflowFile {
  /** `<slug>.json`, relative to the workflows folder. */
  path: string;
  /** The file's name without `.json`: the address the workflow's own slug must match. */
  slug: string;
  raw: unknown;
}

/** Every workflows/<slug>.json under `root` as written, by file name. */
export function readWorkflowFiles(root: string = WORKFLOW_ROOT): WorkflowFile[] {
  return readdirSync(root)
    .filter((file) => file.endsWith('.json'))
    .sort(byName)
    .map((path) => ({ path, slug: path.slice(0, -'.json'.length), raw: JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown }));
}
