import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesOnLoad } from '../scripts/vite-compile-hints';

const root = '/site';
const at = (path: string) => resolve(root, path);

/** A module graph: each module's static and dynamic imports. */
function graph(modules: Record<string, { imports?: string[]; lazy?: string[] }>) {
  return {
    getModuleInfo(id: string) {
      const entry = Object.entries(modules).find(([path]) => at(path) === id)?.[1];
      return entry ? { importedIds: (entry.imports ?? []).map(at), dynamicallyImportedIds: (entry.lazy ?? []).map(at) } : null;
    },
  };
}

describe('modulesOnLoad', () => {
  const modules = {
    'src/main.tsx': { imports: ['src/site/pages.tsx', 'node_modules/react-dom/client.js'], lazy: ['src/engine/later.ts', 'src/routes.tsx'] },
    'src/site/pages.tsx': { imports: ['src/site/Home.tsx'], lazy: ['src/engine/ToolRoute.tsx', 'src/site/About.tsx'] },
    'src/engine/ToolRoute.tsx': { imports: ['src/engine/ToolPage.tsx', 'src/engine/view-modules.ts'], lazy: ['src/engine/OptionsForm.tsx'] },
    'src/engine/ToolPage.tsx': { lazy: ['src/processors/pdf.ts'] },
    'src/engine/view-modules.ts': { lazy: ['src/views/chart-maker.tsx'] },
    'src/views/chart-maker.tsx': { imports: ['node_modules/chart/index.js'] },
    'src/site/About.tsx': {},
    'src/engine/OptionsForm.tsx': { imports: ['node_modules/zod/index.js'] },
    'src/processors/pdf.ts': { imports: ['node_modules/pdf-lib/index.js'] },
  };
  const onLoad = modulesOnLoad(graph(modules), root);

  it('holds the application, every page and view, and what they import statically', () => {
    for (const path of ['src/main.tsx', 'src/site/pages.tsx', 'src/site/Home.tsx', 'node_modules/react-dom/client.js', 'src/engine/ToolRoute.tsx', 'src/engine/ToolPage.tsx', 'src/site/About.tsx', 'src/views/chart-maker.tsx', 'node_modules/chart/index.js'])
      expect(onLoad.has(at(path)), path).toBe(true);
  });

  it('leaves out what loads later: lazy imports of anything but the page and view lists', () => {
    for (const path of ['src/engine/later.ts', 'src/routes.tsx', 'src/engine/OptionsForm.tsx', 'node_modules/zod/index.js', 'src/processors/pdf.ts', 'node_modules/pdf-lib/index.js'])
      expect(onLoad.has(at(path)), path).toBe(false);
  });
});
