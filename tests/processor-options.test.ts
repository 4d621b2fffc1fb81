/**
 * Contract between manifests and processors: what a page sends by default
 * (the manifest's default values, plus its processorSettings) must parse
 * with the options schema the processor declares, since the worker parses
 * the values with that schema before every run. Manifests and processors are
 * discovered, never listed.
 */
import { describe, expect, it } from 'vitest';
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
