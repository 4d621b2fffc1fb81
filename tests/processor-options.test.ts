/**
 * Contract between manifests and processors: what a page sends by default
 * (the manifest's default values, plus its processorSettings) must parse
 * with the options schema the processor declares, since the worker parses
 * the values with that schema before every run. A processor's schema keeps
 * no default of its own that differs from a manifest's and hands the
 * manifest's values on as they are. Manifests and processors are discovered,
 * never listed.
 */
import { describe, expect, it } from 'vitest';
import type { Field } from '../schemas/manifest';
import type { ProcessorModule } from '../src/contract/processor';
import { allTools } from './support/catalogue';
import { filledDefaults } from './support/filled-defaults';

const modules = import.meta.glob<{ default: ProcessorModule }>(['../src/processors/*.ts', '!../src/processors/*.test.ts']);

async function loadProcessor(name: string): Promise<ProcessorModule> {
  const load = modules[`../src/processors/${name}.ts`];
  if (!load) throw new Error(`No processor module src/processors/${name}.ts`);
  return (await load()).default;
}

const withProcessor = allTools.filter((t) => t.processor);

describe('processor options', () => {
  it('has manifests that name a processor', () => {
    expect(withProcessor.length).toBeGreaterThan(0);
  });

  it.each(withProcessor.map((t) => [t.slug, t] as const))('%s: the default values parse with its processor\'s options schema', async (_, tool) => {
    const module = await loadProcessor(tool.processor!);
    expect(typeof module.run, `src/processors/${tool.processor}.ts must export defineProcessor(options, run)`).toBe('function');
    const values = { ...filledDefaults(tool), ...tool.processorSettings };
    const parsed = module.options.safeParse(values);
    expect(parsed.success ? 'ok' : parsed.error.message).toBe('ok');
  });
});

describe("a processor's defaults are its manifest's", () => {
  // A default written twice drifts: where a processor's schema has a default for a manifest field, it must be the manifest's.
  // The core fills every field's manifest default before the processor's schema sees the values, so the schema needs none.
  it.each(withProcessor.map((t) => [t.slug, t] as const))('%s', async (_, tool) => {
    const module = await loadProcessor(tool.processor!);
    const values = { ...filledDefaults(tool), ...tool.processorSettings };
    const drift: string[] = [];
    for (const field of tool.options) {
      if (field.name in (tool.processorSettings ?? {}) || field.default === undefined) continue;
      const without = { ...values };
      delete without[field.name];
      const parsed = module.options.safeParse(without);
      if (!parsed.success) continue;
      const own = (parsed.data as Record<string, unknown>)[field.name];
      if (own !== undefined && !sameValue(field, own, field.default)) drift.push(`${field.name}: processor's default ${JSON.stringify(own)}, manifest's ${JSON.stringify(field.default)}`);
    }
    expect(drift, `src/processors/${tool.processor}.ts has defaults other than manifests/${tool.category}/${tool.slug}.json`).toEqual([]);
  });

  // A schema that rewrites a field's value (a blank read as null, a number clamped) hands the processor something other than what the manifest says.
  it.each(withProcessor.map((t) => [t.slug, t] as const))('%s: its processor reads the manifest\'s defaults as they are', async (_, tool) => {
    const module = await loadProcessor(tool.processor!);
    const values = { ...filledDefaults(tool), ...tool.processorSettings };
    const parsed = module.options.safeParse(values);
    // Values the schema refuses are reported by "the default values parse with its processor's options schema".
    if (!parsed.success) return;
    const data = parsed.data as Record<string, unknown>;
    // A field the schema does not know is stripped by z.object and not the processor's to read.
    const changed = tool.options
      .filter((field) => field.name in data && !sameValue(field, data[field.name], values[field.name]))
      .map((field) => `${field.name}: processor reads ${JSON.stringify(data[field.name])}, manifest gives ${JSON.stringify(values[field.name])}`);
    expect(changed, `src/processors/${tool.processor}.ts changes manifests/${tool.category}/${tool.slug}.json's default values`).toEqual([]);
  });
});

/**
 * Equal values; a select's or radio's value (always a string) read as the number it spells, such as
 * pdf-to-jpg's dpi "150", is the same value in the type the processor works with.
 */
function sameValue(field: Field, processor: unknown, manifest: unknown): boolean {
  const choice = field.type === 'select' || field.type === 'radio';
  if (choice && typeof processor === 'number' && typeof manifest === 'string') return String(processor) === manifest;
  return JSON.stringify(processor) === JSON.stringify(manifest);
}
