/**
 * Vite plugin: the upscaling model (the "gans" model of
 * @upscalerjs/esrgan-legacy; the package's other models are not copied) and
 * the TensorFlow.js WebAssembly backend's three builds, served by the site
 * under /engines/esrgan/gans/ and /engines/tfjs/: plain, SIMD (one thread,
 * used without cross-origin isolation) and threaded SIMD (every core, used
 * with it; src/lib/upscale/threads.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'vite';
import { engineFiles } from './vite-engine-files.ts';

/** The backend's builds; tfjs-backend-wasm picks one by the SIMD and WASM_HAS_MULTITHREAD_SUPPORT flags. */
export const TFJS_WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/**
 * The threaded build starts its threads from a Blob holding the source of its
 * factory function (`WasmBackendModuleThreadedSimd.toString()`), run in each
 * thread's worker on its own. The factory tests a variable of the scope around
 * it with `typeof _scriptDir !== "undefined"`; the minifier, seeing that
 * variable declared, shortens the test to `e !== void 0`, which throws
 * "e is not defined" in the thread where that scope is missing, and the
 * threaded build never starts. In a browser worker the variable is always
 * undefined (no document.currentScript, no __filename), so the test is
 * dropped from the source before it is minified.
 */
const THREADED_FACTORY = /@tensorflow\/tfjs-backend-wasm\/wasm-out\/tfjs-backend-wasm-threaded-simd\.js$/;
const SCRIPT_DIR_TEST = 'if(typeof _scriptDir !== "undefined" && _scriptDir){scriptDirectory=_scriptDir}';

export function threadedFactoryFix(): Plugin {
  return {
    name: 'filedesk-tfjs-threaded-factory',
    enforce: 'pre',
    transform(code, id) {
      if (!THREADED_FACTORY.test(id.split('?')[0].replaceAll('\\', '/'))) return null;
      if (!code.includes(SCRIPT_DIR_TEST)) throw new Error(`${id}: the _scriptDir test to drop was not found; check the threaded build still starts when minified`);
      return { code: code.replace(SCRIPT_DIR_TEST, ''), map: null };
    },
  };
}

/**
 * The engine's files, and the fix above for the bundles where TensorFlow.js
 * runs: the tools' Web Workers, which Vite builds with worker.plugins rather
 * than the site's plugins, so the fix is added there from this plugin's
 * config hook (after any worker plugins the config names).
 */
export function upscaleEngine(): Plugin[] {
  const workerFix: Plugin = {
    name: 'filedesk-tfjs-threaded-factory-in-workers',
    config(config) {
      const named = config.worker?.plugins;
      return { worker: { plugins: () => [...(typeof named === 'function' ? named() : []), threadedFactoryFix()] } };
    },
  };
  return [threadedFactoryFix(), workerFix, upscaleFiles()];
}

function upscaleFiles(): Plugin {
  return engineFiles('upscale', () => {
    const require = createRequire(import.meta.url);
    // The package's exports hide package.json: its root is above the entry point's dist/.
    const entry = require.resolve('@upscalerjs/esrgan-legacy');
    const gans = join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'models', 'gans');
    const wasm = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    return [
      ...readdirSync(gans).map((file) => ({ from: join(gans, file), to: `engines/esrgan/gans/${file}` })),
      ...TFJS_WASM_FILES.map((file) => {
        if (!existsSync(join(wasm, file))) throw new Error(`@tensorflow/tfjs-backend-wasm has no ${file}`);
        return { from: join(wasm, file), to: `engines/tfjs/${file}` };
      }),
    ];
  });
}
