/**
 * What makes a manifest file valid: the manifest schema, and a slug and a
 * category that match its path (manifests/<category>/<slug>.json), since the
 * slug is the tool's address and the folder its place in the catalogue.
 * No file access here, so the Node reader (read.ts) and the bundled
 * catalogue of the command line (import.meta.glob) validate alike.
 */
import { manifestSchema, type ToolManifest } from '../../schemas/manifest.ts';

/** The category and slug a manifest's path gives it: …/<category>/<slug>.json. */
export function manifestPathParts(path: string): { category: string; slug: string } {
  const [category = '', file = ''] = path.split('/').slice(-2);
  return { category, slug: file.replace(/\.json$/, '') };
}

/** The manifest with the schema's defaults filled in, or each way it breaks the rules, as a sentence. */
function checkManifest(path: string, raw: unknown): { manifest: ToolManifest; problems: [] } | { manifest: null; problems: string[] } {
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) return { manifest: null, problems: [parsed.error.message] };
  const { category, slug } = manifestPathParts(path);
  const problems: string[] = [];
  if (parsed.data.slug !== slug) problems.push(`its slug "${parsed.data.slug}" is not its file name "${slug}"`);
  if (parsed.data.category !== category) problems.push(`its category "${parsed.data.category}" is not its folder "${category}"`);
  return problems.length ? { manifest: null, problems } : { manifest: parsed.data, problems: [] };
}

/** Each way the manifest at `path` breaks the rules, as a sentence; none when it is valid. */
export function manifestProblems(path: string, raw: unknown): string[] {
  return checkManifest(path, raw).problems;
}

/** The manifest at `path` with the schema's defaults filled in; throws, naming the file, when it is invalid. */
export function parseManifest(path: string, raw: unknown): ToolManifest {
  const { manifest, problems } = checkManifest(path, raw);
  if (!manifest) throw new Error(`Invalid manifest ${path}: ${problems.join('; ')}`);
  return manifest;
}
