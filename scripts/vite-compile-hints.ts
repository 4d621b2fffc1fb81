/**
 * Marks the chunks a page runs as it starts with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad` as the first line; Chromium 136 and later,
 * other browsers read it as a comment). V8 then compiles all of such a chunk's
 * functions on a background thread while it downloads, instead of one at a time
 * on the main thread as hydration first calls them: on a throttled phone profile
 * that work was about a third of the time between first paint and a live page.
 *
 * Such chunks are the application (src/main.tsx), each route's page and each
 * bespoke view, with everything they import statically. Chunks loaded later (the
 * options form, results, processors, engines) keep lazy compilation: most of
 * their functions never run on a given page.
 */
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The application and the modules that import pages and views lazily (their lazy imports run on load too). */
const APP = 'src/main.tsx';
const PAGE_IMPORTERS = ['src/site/pages.tsx', 'src/engine/view-modules.ts'];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module that runs as some page starts: the application, the pages and views, and their static imports. */
export function modulesOnLoad(graph: ModuleGraph, root: string): Set<string> {
  const start = [resolve(root, APP)];
  for (const importer of PAGE_IMPORTERS) start.push(...(graph.getModuleInfo(resolve(root, importer))?.dynamicallyImportedIds ?? []));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function compileHints(): Plugin {
  let config: ResolvedConfig;
  let onLoad: Set<string> | undefined;
  return {
    name: 'filedesk-compile-hints',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    renderStart() {
      if (!config.build.ssr) onLoad = modulesOnLoad(this, config.root);
    },
    // After minification, which drops comments.
    outputOptions(options) {
      return { ...options, postBanner: (chunk) => (onLoad && chunk.moduleIds.some((id) => onLoad!.has(id)) ? COMPILE_HINT : '') };
    },
    // V8 reads the hint on a chunk's first line only; Vite puts its list of preloads above it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const at = chunk.code.indexOf(`\n${COMPILE_HINT}\n`);
          if (at >= 0) chunk.code = `${COMPILE_HINT}\n${chunk.code.slice(0, at)}${chunk.code.slice(at + COMPILE_HINT.length + 1)}`;
        }
      },
    },
  };
}
