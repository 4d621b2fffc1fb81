/**
 * Contract test over every manifest: schema, identity, catalogue order and
 * counts, processors and views that exist, valid defaults and output names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestSchema, type ToolManifest } from '../schemas/manifest';
import { manifestJsonSchemaText } from '../schemas/json-schema';
import { allTools, catalogue } from './support/catalogue';
import { mimeFor, outputName } from '../src/core/naming';
import { templateExtension } from '../src/core/chain';
import { checkOptions, defaultOptions } from '../src/contract/options';
import { planSimulation } from '../src/engine/demo/simulate';
import { viewNames } from '../src/engine/view-modules';
import { processorNames } from '../src/core/processor-modules';
import { manifestIconNames } from '../scripts/vite-tool-icons';
import { MANIFEST_ROOT, readManifestFiles } from '../src/manifests/read';
import * as lucide from 'lucide-react';

/** The files as written: the contract is checked on them, not on what the schema's defaults make of them. */
const files = readManifestFiles();

/** Fills required text fields, which start blank on purpose, so the rest of the defaults can be checked. */
function filledDefaults(tool: ToolManifest) {
  const values = defaultOptions(tool.options);
  for (const f of tool.options) {
    if ((f.type === 'text' || f.type === 'textarea') && f.required && String(values[f.name]).trim() === '') {
      values[f.name] = 'x'.repeat(Math.max(f.type === 'text' ? (f.minLength ?? 1) : 1, 1));
    }
  }
  return values;
}

describe('manifests', () => {
  it.each(files.map((f) => [f.path, f] as const))('%s is valid, and its slug and category match its path', (_, f) => {
    const parsed = manifestSchema.safeParse(f.raw);
    expect(parsed.success ? '' : parsed.error.message).toBe('');
    expect(parsed.data?.slug).toBe(f.slug);
    expect(parsed.data?.category).toBe(f.category);
    expect((f.raw as { $schema?: unknown }).$schema).toBe('../../schemas/tool-manifest.schema.json');
  });

  it('has one manifest per slug, and lists every listed manifest once', () => {
    expect(allTools).toHaveLength(files.length);
    expect(new Set(allTools.map((t) => t.slug)).size).toBe(files.length);
    expect(catalogue.map((t) => t.slug).sort()).toEqual(allTools.filter((t) => t.listed).map((t) => t.slug).sort());
  });

  it('orders the catalogue by category, then by each manifest\'s order', () => {
    const categories = [...new Set(catalogue.map((t) => t.category))];
    for (const category of categories) {
      const orders = catalogue.filter((t) => t.category === category).map((t) => t.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s names only processors and views that exist', (_, tool) => {
    if (tool.processor) expect(processorNames).toContain(tool.processor);
    if (tool.view) expect(viewNames).toContain(tool.view);
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s has defaults that satisfy its option schema', (_, tool) => {
    const check = checkOptions(tool.options, filledDefaults(tool), { fileCount: 1, totalBytes: 1000, pageCount: 10 });
    expect(check.ok ? 'ok' : check.message).toBe('ok');
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s option conditions and value rules name real fields', (_, tool) => {
    const names = new Set(tool.options.map((f) => f.name));
    const referenced = JSON.stringify(tool.options).match(/"option":"([^"]+)"/g) ?? [];
    for (const ref of referenced) expect(names).toContain(ref.slice(10, -1));
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s naming rule yields a valid file name with no unfilled token', (_, tool) => {
    const sample = `Sample File.${Object.values(tool.accept)[0]?.[0]?.slice(1) ?? 'bin'}`;
    const name = outputName(tool.output.name, { originalName: sample, n: 1, timestamp: 1700000000000, options: filledDefaults(tool), vars: { page: 1 } });
    expect(name).not.toMatch(/[{}\\/:*?"<>|]/);
    expect(name.length).toBeGreaterThan(0);
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s produces exactly the types its naming rules give', (_, tool) => {
    // A template that keeps the input's name or extension makes whatever the tool accepted.
    const templates = [tool.output.name, ...(tool.output.variants ?? []).map((v) => v.name)];
    const named = new Set(templates.flatMap((t) => templateExtension(t) ?? Object.values(tool.accept).flat()));
    expect(Object.values(tool.produces).flat().sort()).toEqual([...named].sort());
    if (tool.output.type) expect(Object.keys(tool.produces)).toContain(tool.output.type);
    for (const [mime, extensions] of Object.entries(tool.produces)) {
      for (const ext of extensions) {
        const implied = mimeFor(`file${ext}`);
        if (implied !== 'application/octet-stream') expect(mime, ext).toBe(implied);
      }
    }
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s simulation plans at least one result', (_, tool) => {
    const files = [{ name: 'a.bin', size: 1000 }, { name: 'b.bin', size: 1000 }].slice(0, Math.max(tool.limits.minFiles, 1));
    const plan = planSimulation(tool, files, filledDefaults(tool));
    expect(plan.parts.length).toBeGreaterThan(0);
    expect(plan.delay).toBeGreaterThanOrEqual(0);
  });

  it('names only icons that lucide-react exports', () => {
    const exported = lucide as unknown as Record<string, unknown>;
    for (const icon of manifestIconNames(MANIFEST_ROOT)) expect(exported[icon], icon).toBeDefined();
    expect(manifestIconNames(MANIFEST_ROOT).length).toBeGreaterThan(10);
  });

  it('commits a JSON Schema that matches the zod schema (run npm run schema when this fails)', () => {
    const committed = readFileSync(new URL('../schemas/tool-manifest.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(manifestJsonSchemaText());
  });

  it('matches the catalogue snapshot', () => {
    expect(
      allTools.map((t) => ({
        slug: t.slug, category: t.category, title: t.title, listed: t.listed,
        accept: t.accept, produces: t.produces, limits: t.limits, action: t.action, output: t.output, simulation: t.simulation,
        options: t.options.map((o) => ({ name: o.name, type: o.type, default: o.default })),
        messages: t.messages, processor: t.processor ?? null, view: t.view ?? null, pageInput: t.pageInput ?? null,
      })),
    ).toMatchSnapshot();
  });
});
