/**
 * The command's stand-in for src/lib/upscale/served.ts (swapped in by
 * vite.cli.config.ts): the upscaling model and the TensorFlow.js WebAssembly
 * read from the installed packages instead of fetched from the site's
 * /engines/ folder, as the unit tests do.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelFiles, UpscaleEnv } from '../../lib/upscale/esrgan';

export const servedUpscaleEnv: UpscaleEnv = {
  get wasmBase() {
    return `${join(process.cwd(), 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist')}/`;
  },
  async loadModel(): Promise<ModelFiles> {
    const dir = join(process.cwd(), 'node_modules', '@upscalerjs', 'esrgan-legacy', 'models', 'gans');
    const modelJson = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as ModelFiles['modelJson'];
    const shard = await readFile(join(dir, modelJson.weightsManifest[0].paths[0]));
    return { modelJson, weights: shard.buffer.slice(shard.byteOffset, shard.byteOffset + shard.byteLength) as ArrayBuffer };
  },
};
