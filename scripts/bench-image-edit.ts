/**
 * Image editing benchmark: served sizes of the engines, OCR word accuracy on
 * generated text images (target >= 97 %) with first and warm times in Node,
 * and the time of the classical operations on a 12 MP image.
 * Run with `npm run bench:image-edit`.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { statSync } from 'node:fs';
import { imglyFiles } from './vite-imgly-data.ts';
import '../tests/setup/offscreen-canvas.ts';
import { recognize, terminateOcr } from '../src/lib/ocr/recognize.ts';
import { blackAndWhite, pixelate } from '../src/lib/image/ops/tone.ts';
import { flip } from '../src/lib/image/ops/geometry.ts';
import { resize } from '../src/lib/image/ops/resample.ts';
import { blur } from '../src/lib/image/ops/matte.ts';

const WORDS = 'time person year way day thing world life hand part child eye woman place work week case point government company number group problem fact river mountain garden window letter paper market village station morning evening winter summer doctor teacher'.split(' ');

function mb(bytes: number) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function sizes() {
  const imgly = imglyFiles().reduce((sum, f) => sum + (f.from ? statSync(f.from).size : 0), 0);
  console.log(`imgly background removal (small model + ORT wasm, both builds): ${mb(imgly)} in the build`);
  const eng = statSync('node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz').size;
  const core = statSync('node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm.js').size;
  console.log(`tesseract: eng data ${mb(eng)}, SIMD LSTM core ${mb(core)}`);
}

/** A page of random words rendered in DejaVu Sans at the given size. */
function textImage(lines: string[], size: number): Buffer {
  const canvas = createCanvas(1400, 40 + lines.length * size * 1.6);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000';
  g.font = `${size}px "Bench Sans"`;
  lines.forEach((line, i) => g.fillText(line, 20, 20 + (i + 1) * size * 1.6));
  return canvas.toBuffer('image/png');
}

async function ocr() {
  GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'Bench Sans');
  let seed = 7;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  let right = 0;
  let total = 0;
  for (const [n, size] of [[1, 28], [2, 22], [3, 18], [4, 16]].entries()) {
    const lines = Array.from({ length: 8 }, () => Array.from({ length: 9 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' '));
    const started = performance.now();
    const result = await recognize(new Uint8Array(textImage(lines, size[1])));
    const ms = performance.now() - started;
    const expected = lines.join(' ').split(' ');
    const got = result.text.split(/\s+/).filter(Boolean);
    const hits = expected.filter((w, i) => got[i] === w).length;
    right += hits;
    total += expected.length;
    console.log(`OCR page ${n + 1} (${size[1]} px): ${hits}/${expected.length} words, ${ms.toFixed(0)} ms${n === 0 ? ' (first run, engine start included)' : ''}`);
  }
  console.log(`OCR word accuracy: ${((100 * right) / total).toFixed(1)} % (${right}/${total})`);
  await terminateOcr();
}

async function classical() {
  const width = 4000;
  const height = 3000;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  const image = { width, height, data };
  for (const [name, run] of [
    ['flip', () => flip(image, 'horizontal')],
    ['black and white', () => blackAndWhite(image, 60)],
    ['pixelate 10', () => pixelate(image, 10)],
    ['blur r=40', () => blur(image, 40)],
    ['Lanczos resize to 1600 x 1200', () => resize(image, 1600, 1200)],
  ] as const) {
    const started = performance.now();
    await run();
    console.log(`${name} on 12 MP: ${(performance.now() - started).toFixed(0)} ms`);
  }
}

sizes();
await ocr();
await classical();
