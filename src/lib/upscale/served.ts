/** Where the site serves the upscaling models and the TensorFlow.js WebAssembly files (see scripts/vite-upscale.ts). */
import type { ModelFiles, UpscaleEnv } from './esrgan';

const served = (path: string) => new URL(`${import.meta.env.BASE_URL}${path}`, self.location.origin).href;

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

export const servedUpscaleEnv: UpscaleEnv = {
  // A getter: the site's address is known only in the browser, and this module is also imported where there is none.
  get wasmBase() {
    return served('engines/tfjs/');
  },
  async loadModel(): Promise<ModelFiles> {
    const base = served('engines/esrgan/gans/');
    const modelJson = (await (await fetchOk(`${base}model.json`)).json()) as ModelFiles['modelJson'];
    const weights = await (await fetchOk(base + modelJson.weightsManifest[0].paths[0])).arrayBuffer();
    return { modelJson, weights };
  },
};
