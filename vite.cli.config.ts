/**
 * The `filedesk` command's build (`npm run build:cli`): Vite's SSR build of
 * src/cli/ for Node, into dist-cli/. Vite resolves what only it understands
 * at build time (the import.meta.glob of manifests, workflows and processors,
 * `?url` imports), so the bundle runs in plain Node; each processor stays its
 * own chunk, loaded when its tool runs. npm packages stay external and are
 * loaded from node_modules at run time, as the unit tests and benchmarks load
 * them: WebAssembly, fonts and OCR data are read from the installed packages
 * (src/cli/modules-root.ts), so the bundle carries no copy of them.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { messages } from './scripts/vite-messages.ts';

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The modules whose browser version fetches an engine from the site, swapped
 * for Node versions that read the same files from the installed packages
 * (the unit tests mock the same two modules the same way).
 */
const NODE_STAND_INS: Record<string, string> = {
  [file('./src/lib/speech/wasm-source.ts')]: file('./src/cli/node/speech-wasm.ts'),
  [file('./src/lib/upscale/served.ts')]: file('./src/cli/node/upscale-env.ts'),
};

function nodeStandIns(): Plugin {
  return {
    name: 'filedesk-cli-node-stand-ins',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && NODE_STAND_INS[resolved.id] ? NODE_STAND_INS[resolved.id] : null;
    },
  };
}

export default defineConfig({
  // The run's messages (src/lib/i18n/run-messages.ts) are compiled as the site's are.
  plugins: [nodeStandIns(), messages(file('./locales'), file('./manifests'), file('./workflows'))],
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: process.env.CLI_DIST_DIR ?? 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    // `?url` imports only name files for the browser; in Node the processors read them from the packages.
    ssrEmitAssets: false,
    rollupOptions: {
      input: { filedesk: 'src/cli/main.ts', worker: 'src/cli/worker.ts' },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && chunk.name === 'filedesk' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
