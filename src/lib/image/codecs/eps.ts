/**
 * EPS output: an Encapsulated PostScript (EPSF-3.0, Level 2) file holding the
 * picture as one RGB image, Flate-compressed and hex-encoded, at 72 dpi (one
 * point per pixel) with a %%BoundingBox of its size. Transparent pixels are
 * flattened onto white: PostScript images have no alpha.
 */
import { zlibSync } from 'fflate';
import { flatten } from '../flatten';
import type { RasterImage } from '../types';

/** Hex digits per line: DSC readers expect lines under 255 characters. */
const LINE = 128;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function encode(image: RasterImage): Uint8Array {
  const { width, height, data } = flatten(image, '#ffffff');
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i];
    rgb[j + 1] = data[i + 1];
    rgb[j + 2] = data[i + 2];
  }
  const packed = zlibSync(rgb, { level: 9 });
  const lines: string[] = [];
  for (let at = 0; at < packed.length; at += LINE / 2) {
    let line = '';
    for (let k = at; k < Math.min(packed.length, at + LINE / 2); k++) line += HEX[packed[k]];
    lines.push(line);
  }
  const text = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    '%%Creator: FileDesk',
    `%%BoundingBox: 0 0 ${width} ${height}`,
    `%%HiResBoundingBox: 0 0 ${width} ${height}`,
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%Page: 1 1',
    'gsave',
    `${width} ${height} scale`,
    '/DeviceRGB setcolorspace',
    `<< /ImageType 1 /Width ${width} /Height ${height} /BitsPerComponent 8 /Decode [0 1 0 1 0 1]`,
    `   /ImageMatrix [${width} 0 0 -${height} 0 ${height}]`,
    '   /DataSource currentfile /ASCIIHexDecode filter /FlateDecode filter >> image',
    ...lines,
    '>',
    'grestore',
    'showpage',
    '%%Trailer',
    '%%EOF',
    '',
  ].join('\n');
  return new TextEncoder().encode(text);
}
