import type { ProcessorModule } from '../contract/processor';

/**
 * Every processor, discovered by file name (src/processors/<name>.ts) and
 * loaded lazily: a processor's code is fetched only when its tool runs.
 */
const modules = import.meta.glob<{ default: ProcessorModule }>(['../processors/*.ts', '!../processors/*.test.ts']);

export const processorNames: string[] = Object.keys(modules).map((p) => p.replace(/^.*\/(.+)\.ts$/, '$1'));

export async function loadProcessor(name: string): Promise<ProcessorModule> {
  const load = modules[`../processors/${name}.ts`];
  if (!load) throw new Error(`No processor named ${name}`);
  return (await load()).default;
}
