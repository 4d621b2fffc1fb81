/** Reducing a picture to at most 256 colours (with gifenc's quantiser) so OxiPNG can write it as an indexed PNG. */
import * as gifencModule from 'gifenc';
import type { RasterImage } from './types';

type Gifenc = typeof import('gifenc');
const gifenc: Gifenc =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : (gifencModule as unknown as { default: Gifenc }).default;

export function quantise(image: RasterImage, colours = 256): RasterImage {
  const palette = gifenc.quantize(image.data, colours, { format: 'rgba4444' });
  const index = gifenc.applyPalette(image.data, palette, 'rgba4444');
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < index.length; i++) {
    const c = palette[index[i]];
    data[i * 4] = c[0];
    data[i * 4 + 1] = c[1];
    data[i * 4 + 2] = c[2];
    data[i * 4 + 3] = c.length > 3 ? c[3] : 255;
  }
  return { width: image.width, height: image.height, data };
}
