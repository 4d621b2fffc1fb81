/**
 * Vite plugin: the upscaling model (the "gans" model of
 * @upscalerjs/esrgan-legacy; the package's other models are not copied) and
 * the TensorFlow.js WebAssembly backend's .wasm files, served by the site
 * under /engines/esrgan/gans/ and /engines/tfjs/.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { engineFiles } from './vite-engine-files.ts';

export function upscaleEngine() {
  return engineFiles('upscale', () => {
    const require = createRequire(import.meta.url);
    // The package's exports hide package.json: its root is above the entry point's dist/.
    const entry = require.resolve('@upscalerjs/esrgan-legacy');
    const gans = join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'models', 'gans');
    const wasm = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    return [
      ...readdirSync(gans).map((file) => ({ from: join(gans, file), to: `engines/esrgan/gans/${file}` })),
      ...readdirSync(wasm)
        .filter((file) => file.endsWith('.wasm'))
        .map((file) => ({ from: join(wasm, file), to: `engines/tfjs/${file}` })),
    ];
  });
}
