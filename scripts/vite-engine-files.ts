/**
 * A helper for Vite plugins that serve an engine's files (WASM, workers,
 * models, language data) from the site's own origin under a fixed folder:
 * copied into the build as they are, and served from node_modules in dev.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';

export interface EngineFile {
  /** Path on disk (usually inside node_modules). */
  from?: string;
  /** Or the file's content, when it is made by the plugin. */
  source?: string;
  /** Path under the site's root, without a leading slash, such as engines/tesseract/worker.min.js. */
  to: string;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  mjs: 'text/javascript',
  wasm: 'application/wasm',
  json: 'application/json',
  gz: 'application/gzip',
};

export function engineFiles(name: string, files: () => EngineFile[]): Plugin {
  return {
    name: `filedesk-engine-${name}`,
    configureServer(server) {
      const byPath = new Map(files().map((f) => [`/${f.to}`, f]));
      server.middlewares.use((req, res, next) => {
        const file = byPath.get((req.url ?? '').split('?')[0]);
        if (!file) return next();
        res.setHeader('Content-Type', TYPES[file.to.split('.').pop() ?? ''] ?? 'application/octet-stream');
        if (file.source !== undefined) return res.end(file.source);
        res.setHeader('Content-Length', statSync(file.from!).size);
        createReadStream(file.from!).pipe(res);
      });
    },
    generateBundle() {
      for (const file of files()) this.emitFile({ type: 'asset', fileName: file.to, source: file.source ?? readFileSync(file.from!) });
    },
  };
}
