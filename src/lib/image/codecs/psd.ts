/**
 * PSD and PSB through ag-psd: the composite (flattened) image Photoshop
 * stores beside the layers. 16- and 32-bit documents are scaled to 8 bits.
 */
import { initializeCanvas, readPsd } from 'ag-psd';
import { ToolError } from '../../errors';
import { MAX_TOTAL_PIXELS } from '../limits';
import type { RasterImage } from '../types';
import { runText } from '../../i18n/run-messages';

function toEightBit(data: ArrayLike<number>, bitsPerChannel: number): Uint8ClampedArray {
  if (data instanceof Uint8ClampedArray) return data;
  const out = new Uint8ClampedArray(data.length);
  if (bitsPerChannel === 32) {
    // 32-bit documents hold linear light in 0..1; encode to sRGB (alpha stays linear).
    for (let i = 0; i < data.length; i++) {
      const v = Math.min(1, Math.max(0, data[i]));
      out[i] = i % 4 === 3 ? v * 255 : (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055) * 255;
    }
  } else if (bitsPerChannel === 16) {
    for (let i = 0; i < data.length; i++) out[i] = data[i] / 257;
  } else {
    out.set(data);
  }
  return out;
}

let initialised = false;

/**
 * ag-psd asks for a canvas factory even when it returns plain pixel arrays;
 * workers have no document, so it gets OffscreenCanvas (or nothing, in Node)
 * and plain ImageData-like objects.
 */
function initialise(): void {
  if (initialised) return;
  initialised = true;
  initializeCanvas(
    (width, height) => {
      if (typeof OffscreenCanvas === 'undefined') throw new Error('No canvas here');
      return new OffscreenCanvas(width, height) as unknown as HTMLCanvasElement;
    },
    (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData,
  );
}

export async function decode(name: string, bytes: Uint8Array): Promise<RasterImage> {
  initialise();
  const psd = readPsd(bytes.slice().buffer, {
    useImageData: true,
    skipLayerImageData: true,
    skipThumbnail: true,
    skipLinkedFilesData: true,
  });
  const composite = psd.imageData;
  if (!composite || composite.width !== psd.width || composite.height !== psd.height) {
    throw new ToolError(
      runText('run.image.psdNotFlattened', { name }),
    );
  }
  return { width: composite.width, height: composite.height, data: toEightBit(composite.data, psd.bitsPerChannel ?? 8) };
}

/** What the layers of one document may take in memory: 200 megapixels of 8-bit RGBA, as for all frames of an animation. */
const MAX_LAYER_BYTES = MAX_TOTAL_PIXELS * 4;

export function layersTooLargeMessage(name: string): string {
  return runText('run.image.psdLayersTooLarge', { name });
}

export interface PsdLayer {
  name: string;
  left: number;
  top: number;
  /** 0..1 */
  opacity: number;
  image: RasterImage;
}

/**
 * The visible pixel layers of a PSD, bottom to top, with their place and
 * opacity; groups are opened (a hidden group hides its layers). Empty
 * layers, and layers without their own pixels (adjustments, text without a
 * rendered image), are left out: the composite shows them.
 */
export function readLayers(name: string, bytes: Uint8Array): PsdLayer[] {
  initialise();
  let psd: ReturnType<typeof readPsd>;
  try {
    // Each layer's size comes from its own record, which the document's header does not bound: ag-psd counts what it allocates against this.
    psd = readPsd(bytes.slice().buffer, { useImageData: true, skipCompositeImageData: true, skipThumbnail: true, skipLinkedFilesData: true, totalMemoryLimit: MAX_LAYER_BYTES });
  } catch (error) {
    if (error instanceof Error && /memory limit/i.test(error.message)) throw new ToolError(layersTooLargeMessage(name));
    throw error;
  }
  const bits = psd.bitsPerChannel ?? 8;
  const out: PsdLayer[] = [];
  const walk = (layers: NonNullable<typeof psd.children>, opacity: number) => {
    for (const layer of layers) {
      if (layer.hidden) continue;
      const own = opacity * (layer.opacity ?? 1);
      if (layer.children) {
        walk(layer.children, own);
        continue;
      }
      const data = layer.imageData;
      if (!data || data.width === 0 || data.height === 0) continue;
      out.push({
        name: layer.name ?? `Layer ${out.length + 1}`,
        left: layer.left ?? 0,
        top: layer.top ?? 0,
        opacity: own,
        image: { width: data.width, height: data.height, data: toEightBit(data.data, bits) },
      });
    }
  };
  walk(psd.children ?? [], 1);
  return out;
}
