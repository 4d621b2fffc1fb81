import type { ProcessorModule } from '../contract/processor';

/**
 * Every processor, discovered by file name (src/processors/<name>.ts) and
 * loaded lazily: a processor's code is fetched only when its tool runs. A
 * "page:<slug>" name is a page's stand-in (page-processors.ts).
 */
const modules = import.meta.glob<{ default: ProcessorModule }>(['../processors/*.ts', '!../processors/*.test.ts']);

export const processorNames: string[] = Object.keys(modules).map((p) => p.replace(/^.*\/(.+)\.ts$/, '$1'));

export async function loadProcessor(name: string): Promise<ProcessorModule> {
  if (name.startsWith('page:')) {
    const stand = await (await import('./page-processors')).pageProcessor(name);
    if (stand) return stand;
  }
  const load = modules[`../processors/${name}.ts`];
  if (!load) throw new Error(`No processor named ${name}`);
  return (await load()).default;
}
