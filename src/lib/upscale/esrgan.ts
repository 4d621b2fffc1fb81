/**
 * 4x super-resolution with the ESRGAN-family "gans" model of
 * @upscalerjs/esrgan-legacy (idealo's RRDN trained with a perceptual GAN
 * loss, 4.7 MB), run by TensorFlow.js on its WebAssembly backend. The
 * smaller PSNR-trained RDN models of the same family came out no sharper
 * than Lanczos resampling; this one draws real edges and texture. The model
 * files and the backend's .wasm builds are served by the site under /engines/
 * (scripts/vite-upscale.ts); the threaded SIMD build runs on every core where
 * the page is cross-origin isolated, the one-thread SIMD build elsewhere.
 *
 * The picture goes through the model in tiles with a margin of context on
 * every side, so memory stays bounded whatever the image size, progress can
 * be shown tile by tile, and tile edges leave no seams.
 */
import type { RasterImage } from '../image/types';
import { tfjsThreads } from './threads';

/** The model's one scale factor. */
export const MODEL_FACTOR = 4;

/** The model's files: model.json as parsed, and its one weights shard. */
export interface ModelFiles {
  modelJson: { modelTopology: unknown; weightsManifest: { paths: string[]; weights: unknown[] }[] };
  weights: ArrayBuffer;
}

export interface UpscaleEnv {
  /** Fetches (in the browser) or reads (in tests) the model's files. */
  loadModel: () => Promise<ModelFiles>;
  /** Folder (URL or path, ending in /) holding the backend's tfjs-backend-wasm*.wasm files. */
  wasmBase: string;
}

/** Input tile side and the context margin read around it, in input pixels. */
const TILE = 128;
const MARGIN = 8;

type Tf = typeof import('@tensorflow/tfjs-core');
type LayersModel = import('@tensorflow/tfjs-layers').LayersModel;

let backend: Promise<Tf> | undefined;
let loaded: Promise<LayersModel> | undefined;

async function startBackend(wasmBase: string): Promise<Tf> {
  const tf = await import('@tensorflow/tfjs-core');
  const { setThreadsCount, setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  // The threaded SIMD build on every core where the page is cross-origin isolated, else the one-thread build (./threads.ts).
  const { multithread, threads } = tfjsThreads();
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', multithread);
  setThreadsCount(threads);
  setWasmPaths(wasmBase);
  if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js WebAssembly backend did not start');
  await tf.ready();
  return tf;
}

/** The two custom layers of the RRDN graph, as @upscalerjs defines them: a residual scaled by 0.2, and a 4x pixel shuffle. */
async function registerLayers(tf: Tf): Promise<void> {
  const { layers } = await import('@tensorflow/tfjs-layers');
  const first = (inputs: import('@tensorflow/tfjs-core').Tensor | import('@tensorflow/tfjs-core').Tensor[]) => (Array.isArray(inputs) ? inputs[0] : inputs);
  class MultiplyBeta extends layers.Layer {
    static className = 'MultiplyBeta';
    call(inputs: import('@tensorflow/tfjs-core').Tensor | import('@tensorflow/tfjs-core').Tensor[]) {
      return tf.mul(first(inputs), 0.2);
    }
  }
  class PixelShuffle4x extends layers.Layer {
    static className = 'PixelShuffle4x';
    computeOutputShape(shape: number[]) {
      return [shape[0], shape[1], shape[2], 3];
    }
    call(inputs: import('@tensorflow/tfjs-core').Tensor | import('@tensorflow/tfjs-core').Tensor[]) {
      return tf.depthToSpace(first(inputs) as import('@tensorflow/tfjs-core').Tensor4D, MODEL_FACTOR, 'NHWC');
    }
  }
  tf.serialization.registerClass(MultiplyBeta);
  tf.serialization.registerClass(PixelShuffle4x);
}

async function model(env: UpscaleEnv): Promise<LayersModel> {
  loaded ??= (async () => {
    const tf = await (backend ??= startBackend(env.wasmBase));
    await registerLayers(tf);
    const { loadLayersModel } = await import('@tensorflow/tfjs-layers');
    const { modelJson, weights } = await env.loadModel();
    const weightSpecs = modelJson.weightsManifest.flatMap((group) => group.weights) as import('@tensorflow/tfjs-core').io.WeightsManifestEntry[];
    return loadLayersModel(tf.io.fromMemory({ modelTopology: modelJson.modelTopology as object, weightSpecs, weightData: weights }));
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** Tile origins along one side: every TILE pixels, the last one flush with the end. */
function tileStarts(length: number): number[] {
  const starts: number[] = [];
  for (let s = 0; s < length; s += TILE) starts.push(s);
  return starts;
}

/**
 * The picture four times larger in each direction, opaque: the model sees
 * colour only, so the caller scales any alpha channel itself.
 */
export async function upscale4x(
  src: RasterImage,
  env: UpscaleEnv,
  options: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<RasterImage> {
  const net = await model(env);
  const tf = await backend!;
  const factor = MODEL_FACTOR;
  const { width, height, data } = src;
  const outWidth = width * factor;
  const out = new Uint8ClampedArray(outWidth * height * factor * 4).fill(255);
  const xs = tileStarts(width);
  const ys = tileStarts(height);
  const total = xs.length * ys.length;
  let done = 0;
  for (const ty of ys) {
    for (const tx of xs) {
      options.signal?.throwIfAborted();
      const tw = Math.min(TILE, width - tx);
      const th = Math.min(TILE, height - ty);
      // The tile with its margin of context, clipped to the picture.
      const x0 = Math.max(0, tx - MARGIN);
      const y0 = Math.max(0, ty - MARGIN);
      const x1 = Math.min(width, tx + tw + MARGIN);
      const y1 = Math.min(height, ty + th + MARGIN);
      const w = x1 - x0;
      const h = y1 - y0;
      const rgb = new Float32Array(w * h * 3);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const i = ((y0 + y) * width + x0 + x) * 4;
          // The model reads and writes colour as 0..1.
          rgb.set([data[i] / 255, data[i + 1] / 255, data[i + 2] / 255], (y * w + x) * 3);
        }
      const result = tf.tidy(() => net.predict(tf.tensor4d(rgb, [1, h, w, 3])) as import('@tensorflow/tfjs-core').Tensor);
      const pixels = await result.data();
      result.dispose();
      const rw = w * factor;
      // Copy the tile itself, without its margin, into place.
      for (let y = 0; y < th * factor; y++) {
        const sy = (ty - y0) * factor + y;
        for (let x = 0; x < tw * factor; x++) {
          const sx = (tx - x0) * factor + x;
          const s = (sy * rw + sx) * 3;
          const o = ((ty * factor + y) * outWidth + tx * factor + x) * 4;
          out[o] = pixels[s] * 255;
          out[o + 1] = pixels[s + 1] * 255;
          out[o + 2] = pixels[s + 2] * 255;
        }
      }
      options.onProgress?.(++done, total);
    }
  }
  return { width: outWidth, height: height * factor, data: out };
}
