/**
 * Image benchmark (`npm run bench:image`). Prints figures; asserts nothing.
 *
 * 1. Image compressor on 20 photos (the jpeg-exif, heic and psd files of
 *    ../shared/corpus, then generated ones): MozJPEG at quality 75 (the site's
 *    encoder, loaded through Vite for its `?url` wasm imports) against
 *    Chromium's own canvas JPEG at the lowest quality that reaches the same
 *    SSIM, and each output against its input file. Each photo's pixels go to
 *    the page once; the quality search runs inside the page. WebP, AVIF and
 *    JPEG XL (the site's codecs, in Node) are searched the same way for the
 *    lowest quality that reaches MozJPEG's SSIM, and timed there.
 * 2. HEIC to JPG of a 12 MP photo through the built site in Chromium (the
 *    fixture is made with heif-enc from libheif-examples), first and second run.
 * 3. GIF to MP4 of a generated 100-frame GIF, the same way.
 * 4. Output formats on 3 generated 2 MP photos in Node (the site's own
 *    codecs): bytes and encode time of MozJPEG q75, WebP q75, AVIF and JPEG XL
 *    at the converters' default quality, and each one's mean error against
 *    the source once decoded again.
 * 5. Target size: the Image Compressor with a limit of 50, 100 and 200 KB on
 *    2 generated 12 MP photos in Node (its own processor): the output size as
 *    a share of the limit, the dimensions it kept, and the time.
 *
 * Options: --photos N for part 1; --no-build reuses /tmp/dist-bench when it exists; --case
 * compress|heic|gif|formats|target runs one part.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as gifencModule from 'gifenc';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { createServer } from 'vite';
import { readManifest } from '../src/manifests/read';
import { buildSite as buildInto, startPreview as serve, stopPreview } from './bench-site';

const buildSite = () => buildInto(DIST, args.includes('--no-build'));
const startPreview = () => serve(DIST, PORT);

interface Raster { width: number; height: number; data: Uint8ClampedArray }
interface Photo { name: string; kind: string; input: Uint8Array; image: Raster }
interface Match { quality: number; size: number; ssim: number; reached: boolean }
/** The formats matched to MozJPEG's SSIM besides it. */
type Modern = 'webp' | 'avif' | 'jxl';
const MODERN: Modern[] = ['webp', 'avif', 'jxl'];
/** A format at the lowest quality that reaches the target SSIM, and its encode time per megapixel there. */
interface FormatMatch extends Match { msPerMp: number }
interface Row {
  name: string;
  kind: string;
  width: number;
  height: number;
  input: number;
  ours: number;
  oursMsPerMp: number;
  ssim: number;
  chromium: Match;
  modern: Record<Modern, FormatMatch>;
}

// gifenc is CommonJS in Node: its functions sit on the default export there.
const gifenc: typeof import('gifenc') =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : (gifencModule as unknown as { default: typeof import('gifenc') }).default;
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const only = args.includes('--case') ? args[args.indexOf('--case') + 1] : null;
const CORPUS = join(root, '../shared/corpus');
const WORK = join(tmpdir(), 'filedesk-bench-image');
const DIST = '/tmp/dist-bench';
const PORT = 4196;
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Photos in part 1 (`--photos N`); AVIF and JPEG XL searches take about a minute a photo. */
const PHOTOS = args.includes('--photos') ? Number(args[args.indexOf('--photos') + 1]) : 20;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** The HEIC fixture: 12.0 MP in a camera's 3:2 shape. */
const HEIC_SIZE = { width: 4240, height: 2832 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function manifestAction(slug: string): string {
  return readManifest(slug).action.label;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

// ---------------------------------------------------------------- 1. compressor

/** Photo-like test pattern: smooth gradients with per-pixel noise. */
function generated(seed: number, w = 800, h = 600): Raster {
  const data = new Uint8ClampedArray(w * h * 4);
  let s = seed;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const i = (y * w + x) * 4;
      const noise = (s >> 16) % 24;
      data[i] = 128 + 100 * Math.sin((x + seed * 40) / 60) + noise;
      data[i + 1] = 128 + 90 * Math.cos((y - seed * 25) / 45) + noise;
      data[i + 2] = (x * y) / ((w * h) / 255) + noise;
      data[i + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

function pngOf(image: Raster): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return new Uint8Array(PNG.sync.write(png));
}

type Codecs = {
  decode(name: string, bytes: Uint8Array): Promise<{ frames: Raster[] }>;
  encode(image: Raster, format: 'jpg' | Modern, settings: { quality: number }): Promise<Uint8Array>;
  flatten(image: Raster, background?: string): Raster;
};

/**
 * The corpus photos one at a time (decoded only when their turn comes, so
 * progress shows from the start), flattened onto white as the JPEG encoder
 * does, so that both encoders start from the same opaque pixels; then
 * generated ones (their input file is a PNG) up to PHOTOS.
 */
async function* photos(codecs: Codecs): AsyncGenerator<Photo> {
  let count = 0;
  for (const dir of ['jpeg-exif', 'heic', 'psd']) {
    const folder = join(CORPUS, dir);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).sort()) {
      if (count === PHOTOS) return;
      const input = new Uint8Array(readFileSync(join(folder, file)));
      try {
        const image = codecs.flatten((await codecs.decode(file, input)).frames[0]);
        count++;
        yield { name: file, kind: dir, input, image };
      } catch (error) {
        console.log(`  skipped ${file}: ${(error as Error).message}`);
      }
    }
  }
  for (let seed = 1; count < PHOTOS; seed++, count++) {
    const image = generated(seed);
    yield { name: `generated-${seed}.png`, kind: 'generated', input: pngOf(image), image };
  }
}

/** Luma of RGBA pixels; source text, so the page and Node run the same code. */
const LUMA_SOURCE = `(d) => {
  const out = new Float32Array(d.length / 4);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) out[j] = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
  return out;
}`;
/** Mean SSIM over 8 x 8 windows of the luma channel (constants of Wang et al. 2004); source text, as above. */
const SSIM_SOURCE = `(a, b, w, h) => {
  const c1 = (0.01 * 255) ** 2, c2 = (0.03 * 255) ** 2;
  let total = 0, windows = 0;
  for (let y = 0; y + 8 <= h; y += 8) {
    for (let x = 0; x + 8 <= w; x += 8) {
      let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
      for (let dy = 0; dy < 8; dy++) {
        let k = (y + dy) * w + x;
        for (let dx = 0; dx < 8; dx++, k++) {
          const p = a[k], q = b[k];
          sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q;
        }
      }
      const ma = sa / 64, mb = sb / 64;
      const va = saa / 64 - ma * ma, vb = sbb / 64 - mb * mb, cov = sab / 64 - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return total / windows;
}`;
const lumaOf = new Function(`return ${LUMA_SOURCE}`)() as (d: ArrayLike<number>) => Float32Array;
const ssimOf = new Function(`return ${SSIM_SOURCE}`)() as (a: Float32Array, b: Float32Array, w: number, h: number) => number;

/**
 * Runs in the page. Plain JavaScript: functions compiled by tsx call a
 * __name helper that does not exist in the page. Keeps the reference pixels and their luma, decodes JPEGs with
 * Chromium's own decoder, and binary-searches Chromium's JPEG quality.
 */
const PAGE_HELPERS = `
(() => {
  const state = {};
  const bytesOf = (b64) => {
    const text = atob(b64);
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  };
  const lumaOf = ${LUMA_SOURCE};
  const ssim = ${SSIM_SOURCE};
  const ssimOfBlob = async (blob) => {
    const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none' });
    const canvas = new OffscreenCanvas(state.w, state.h);
    const g = canvas.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    bitmap.close();
    return ssim(state.luma, lumaOf(g.getImageData(0, 0, state.w, state.h).data), state.w, state.h);
  };
  const chromiumAt = async (quality) => {
    const blob = await state.canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
    return { quality, size: blob.size, ssim: await ssimOfBlob(blob) };
  };
  globalThis.bench = {
    load(b64, w, h) {
      const pixels = new Uint8ClampedArray(bytesOf(b64).buffer);
      state.w = w; state.h = h;
      state.luma = lumaOf(pixels);
      state.canvas = new OffscreenCanvas(w, h);
      state.canvas.getContext('2d').putImageData(new ImageData(pixels, w, h), 0, 0);
    },
    ssimOfJpeg: (b64) => ssimOfBlob(new Blob([bytesOf(b64)], { type: 'image/jpeg' })),
    // The lowest quality in 1..100 whose SSIM reaches the target (SSIM grows with quality, nearly monotonically).
    async search(target) {
      let lo = 1, hi = 100, best = null;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const at = await chromiumAt(mid);
        if (at.ssim >= target) { hi = mid; best = at; } else lo = mid + 1;
      }
      if (!best || best.quality !== lo) best = await chromiumAt(lo);
      return { ...best, reached: best.ssim >= target };
    },
  };
})();
`;

const base64 = (bytes: ArrayBufferView) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** What PAGE_HELPERS puts on the page's globalThis. */
interface PageBench {
  load(b64: string, width: number, height: number): void;
  ssimOfJpeg(b64: string): Promise<number>;
  search(target: number): Promise<Match>;
}
type WithBench = typeof globalThis & { bench: PageBench };

/** Encodes once, timed, and measures the decoded result against the reference luma. */
async function encodeAt(codecs: Codecs, image: Raster, luma: Float32Array, format: 'jpg' | Modern, quality: number) {
  const started = performance.now();
  const bytes = await codecs.encode(image, format, { quality });
  const ms = performance.now() - started;
  const back = (await codecs.decode(`x.${format}`, bytes)).frames[0];
  return { quality, size: bytes.byteLength, ssim: ssimOf(luma, lumaOf(back.data), image.width, image.height), msPerMp: ms / ((image.width * image.height) / 1e6) };
}

/** The lowest quality in 1..100 whose SSIM reaches the target, as the page does for Chromium. */
async function matchFormat(codecs: Codecs, image: Raster, luma: Float32Array, format: Modern, target: number): Promise<FormatMatch> {
  let lo = 1;
  let hi = 100;
  let best: Omit<FormatMatch, 'reached'> | null = null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const at = await encodeAt(codecs, image, luma, format, mid);
    if (at.ssim >= target) [hi, best] = [mid, at];
    else lo = mid + 1;
  }
  if (!best || best.quality !== lo) best = await encodeAt(codecs, image, luma, format, lo);
  return { ...best, reached: best.ssim >= target };
}

async function compareOne(page: Page, codecs: Codecs, photo: Photo): Promise<Row> {
  const { image } = photo;
  const luma = lumaOf(image.data);
  const mozjpeg = await encodeAt(codecs, image, luma, 'jpg', 75);
  const ours = await codecs.encode(image, 'jpg', { quality: 75 });
  const pixels = { b64: base64(image.data), width: image.width, height: image.height };
  await page.evaluate((p) => (globalThis as WithBench).bench.load(p.b64, p.width, p.height), pixels);
  const ssim = await page.evaluate((b64) => (globalThis as WithBench).bench.ssimOfJpeg(b64), base64(ours));
  const chromium = await page.evaluate((target) => (globalThis as WithBench).bench.search(target), ssim);
  const modern = {} as Record<Modern, FormatMatch>;
  for (const format of MODERN) modern[format] = await matchFormat(codecs, image, luma, format, ssim);
  return { name: photo.name, kind: photo.kind, width: image.width, height: image.height, input: photo.input.length, ours: ours.length, oursMsPerMp: mozjpeg.msPerMp, ssim, chromium, modern };
}

function printTable(rows: Row[]): void {
  console.log('\n| photo | pixels | input | MozJPEG q75 | SSIM | Chromium at same SSIM | MozJPEG / Chromium | MozJPEG / input |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const c = r.chromium;
    const chromium = `${kb(c.size)} (q${c.quality}${c.reached ? '' : `, SSIM only ${c.ssim.toFixed(4)}`})`;
    console.log(
      `| ${r.name} | ${r.width}x${r.height} | ${kb(r.input)} | ${kb(r.ours)} | ${r.ssim.toFixed(4)} | ${chromium} | ${(r.ours / c.size).toFixed(2)} | ${(r.ours / r.input).toFixed(2)} |`,
    );
  }
  const ratio = (r: Row) => r.ours / r.chromium.size;
  console.log(`\nMozJPEG q75 size / Chromium size at equal SSIM: mean ${mean(rows.map(ratio)).toFixed(3)} over ${rows.length} photos (target <= 0.85)`);
  // The corpus mixes camera photos with flat PSD test art, on which the encoders differ far more: each kind apart.
  for (const kind of [...new Set(rows.map((r) => r.kind))]) {
    const of = rows.filter((r) => r.kind === kind);
    console.log(`  ${kind}: mean ${mean(of.map(ratio)).toFixed(2)} over ${of.length}`);
  }
  console.log(`MozJPEG q75 size / input file size: mean ${mean(rows.map((r) => r.ours / r.input)).toFixed(2)}`);

  console.log("\nEvery format at MozJPEG q75's SSIM, as a share of Chromium's JPEG at that SSIM (quality found; encode ms per megapixel):");
  console.log('\n| photo | MozJPEG | WebP | AVIF | JPEG XL |');
  console.log('| --- | --- | --- | --- | --- |');
  const cell = (size: number, c: Match, quality: number, msPerMp: number, reached = true) =>
    `${(size / c.size).toFixed(2)} (q${quality}, ${msPerMp.toFixed(0)} ms/MP${reached ? '' : ', SSIM not reached'})`;
  for (const r of rows) {
    const m = r.modern;
    console.log(
      `| ${r.name} | ${cell(r.ours, r.chromium, 75, r.oursMsPerMp)} | ${MODERN.map((f) => cell(m[f].size, r.chromium, m[f].quality, m[f].msPerMp, m[f].reached)).join(' | ')} |`,
    );
  }
  const share = (f: Modern) => mean(rows.map((r) => r.modern[f].size / r.chromium.size)).toFixed(2);
  const speed = (f: Modern) => mean(rows.map((r) => r.modern[f].msPerMp)).toFixed(0);
  console.log(
    `| mean | ${mean(rows.map((r) => r.ours / r.chromium.size)).toFixed(2)} (${mean(rows.map((r) => r.oursMsPerMp)).toFixed(0)} ms/MP) | ${MODERN.map((f) => `${share(f)} (${speed(f)} ms/MP)`).join(' | ')} |`,
  );
}

async function benchCompressor(): Promise<void> {
  console.log(`\n== 1. Image compressor: MozJPEG q75 against Chromium's canvas JPEG at equal SSIM (${PHOTOS} photos) ==`);
  const server = await createServer({ root, server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' });
  const browser = await launchChromium();
  try {
    const { decode } = await server.ssrLoadModule('/src/lib/image/decode.ts');
    const { encode, flatten } = await server.ssrLoadModule('/src/lib/image/encode.ts');
    const codecs = { decode, encode, flatten } as Codecs;
    console.log(`  Chromium ${browser.version()}`);
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: PAGE_HELPERS });
    const rows: Row[] = [];
    for await (const photo of photos(codecs)) {
      const started = performance.now();
      const row = await compareOne(page, codecs, photo);
      rows.push(row);
      console.log(
        `  [${rows.length}/${PHOTOS}] ${photo.name} ${row.width}x${row.height}: MozJPEG ${kb(row.ours)}, Chromium q${row.chromium.quality} ${kb(row.chromium.size)} (${seconds(performance.now() - started)})`,
      );
    }
    printTable(rows);
  } finally {
    await browser.close();
    await server.close();
  }
}

// ---------------------------------------------------------------- fixtures

/** Bilinear resize, enough to turn a real photo into a larger one with the same kind of content. */
function resize(src: Raster, width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const fy = ((y + 0.5) * src.height) / height - 0.5;
    const y0 = Math.max(0, Math.floor(fy));
    const y1 = Math.min(src.height - 1, y0 + 1);
    const wy = Math.min(1, Math.max(0, fy - y0));
    for (let x = 0; x < width; x++) {
      const fx = ((x + 0.5) * src.width) / width - 0.5;
      const x0 = Math.max(0, Math.floor(fx));
      const x1 = Math.min(src.width - 1, x0 + 1);
      const wx = Math.min(1, Math.max(0, fx - x0));
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = src.data[(y0 * src.width + x0) * 4 + c] * (1 - wx) + src.data[(y0 * src.width + x1) * 4 + c] * wx;
        const bottom = src.data[(y1 * src.width + x0) * 4 + c] * (1 - wx) + src.data[(y1 * src.width + x1) * 4 + c] * wx;
        data[o + c] = top * (1 - wy) + bottom * wy;
      }
    }
  }
  return { width, height, data };
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** True when the file starts with an ISO-BMFF ftyp box of a HEIC brand. */
function isHeic(path: string): boolean {
  if (!existsSync(path)) return false;
  const head = readFileSync(path).subarray(4, 12).toString('latin1');
  return /^ftyp(heic|heix|mif1|msf1)/.test(head);
}

/**
 * A 12 MP (HEIC_SIZE) HEIC made from a corpus photo, kept between runs
 * because x265 takes a while. heif-enc first; ImageMagick only if it really
 * writes HEIC. Otherwise the reason.
 */
function makeHeic12mp(): { path: string } | { reason: string } {
  const out = join(WORK, `photo-${HEIC_SIZE.width}x${HEIC_SIZE.height}.heic`);
  if (isHeic(out)) return { path: out };
  const source = join(CORPUS, 'jpeg-exif/Landscape_1.jpg');
  if (!existsSync(source)) return { reason: `${source} is missing` };
  const photo = jpeg.decode(readFileSync(source), { useTArray: true, formatAsRGBA: true });
  const big = resize({ width: photo.width, height: photo.height, data: new Uint8ClampedArray(photo.data.buffer) }, HEIC_SIZE.width, HEIC_SIZE.height);
  const jpg = join(WORK, 'heic-source.jpg');
  writeFileSync(jpg, jpeg.encode({ ...big, data: Buffer.from(big.data.buffer) }, 92).data);
  if (hasCommand('heif-enc')) spawnSync('heif-enc', ['-q', '60', '-o', out, jpg], { stdio: 'ignore' });
  else if (hasCommand('magick')) spawnSync('magick', [jpg, '-quality', '60', out], { stdio: 'ignore' });
  rmSync(jpg, { force: true });
  if (isHeic(out)) return { path: out };
  return { reason: 'neither heif-enc nor an ImageMagick that writes HEIC is available (apt-get install -y libheif-examples gives heif-enc)' };
}

/** The largest HEIC of the corpus, by pixel count read from its name (NNNNxNNNN). */
function largestCorpusHeic(): { path: string; megapixels: number } | null {
  const folder = join(CORPUS, 'heic');
  if (!existsSync(folder)) return null;
  const sized = readdirSync(folder)
    .map((file) => ({ file, m: /(\d+)x(\d+)\.heic$/i.exec(file) }))
    .filter((f) => f.m)
    .map(({ file, m }) => ({ path: join(folder, file), megapixels: (Number(m![1]) * Number(m![2])) / 1e6 }))
    .sort((a, b) => b.megapixels - a.megapixels);
  return sized[0] ?? null;
}

function gifFrame(f: number, w: number, h: number): Uint8Array {
  const rgba = new Uint8Array(w * h * 4);
  const cx = 40 + ((f * 3) % (w - 80));
  const cy = h / 2 + 60 * Math.sin(f / 8);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const disc = (x - cx) ** 2 + (y - cy) ** 2 < 900;
      rgba[i] = disc ? 250 : 128 + 120 * Math.sin((x + f * 4) / 40);
      rgba[i + 1] = disc ? 200 : 128 + 120 * Math.cos((y - f * 2) / 30);
      rgba[i + 2] = disc ? 40 : (x + y + f * 5) % 256;
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

/**
 * A 100-frame 320 x 240 GIF, 40 ms a frame: a drifting gradient with a moving
 * disc. One global palette from every tenth frame: gifenc's quantiser takes
 * over a second a frame, so a palette per frame would cost minutes.
 */
function makeGif100(): string {
  const out = join(WORK, 'animation-100.gif');
  const w = 320, h = 240, count = 100;
  const frames = Array.from({ length: count }, (_, f) => gifFrame(f, w, h));
  const sample = new Uint8Array(w * h * 4 * (count / 10));
  for (let f = 0; f < count; f += 10) sample.set(frames[f], (f / 10) * w * h * 4);
  const palette = gifenc.quantize(sample, 256, { format: 'rgb444' });
  const gif = gifenc.GIFEncoder();
  for (const [f, rgba] of frames.entries()) {
    gif.writeFrame(gifenc.applyPalette(rgba, palette, 'rgb444'), w, h, { palette: f === 0 ? palette : undefined, delay: 40 });
  }
  gif.finish();
  writeFileSync(out, gif.bytes());
  return out;
}

// ---------------------------------------------------------------- 2, 3. site in Chromium

/** One run of a tool page: milliseconds from the click to the result's name, or the error the page shows. */
async function runTool(page: Page, slug: string, file: string): Promise<{ ms: number } | { error: string }> {
  await page.goto(`${ORIGIN}/tools/${slug}?demo=0`);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  await page.getByTestId('file-input').setInputFiles(file);
  const button = page.getByRole('button', { name: manifestAction(slug), exact: true });
  const result = page.getByTestId('result-name').first();
  const error = page.locator('[data-testid=toast].toast-destructive .toast-message').first();
  const started = performance.now();
  await button.click();
  const outcome = await Promise.race([
    result.waitFor({ timeout: 300_000 }).then(() => 'result' as const),
    error.waitFor({ timeout: 300_000 }).then(() => 'error' as const),
  ]);
  const ms = performance.now() - started;
  return outcome === 'result' ? { ms } : { error: (await error.textContent()) ?? 'unknown error' };
}

/** The first run (cold: engines fetched and compiled) and the second (same browser context, caches warm). */
async function timeTool(browser: Browser, slug: string, file: string, label: string, scale = 1): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const run of ['first', 'second']) {
      const outcome = await runTool(page, slug, file);
      if ('error' in outcome) {
        console.log(`  ${label}, ${run} run: the page says "${outcome.error}"`);
        return;
      }
      const scaled = scale === 1 ? '' : `; scaled to 12 MP by pixel count: ${seconds(outcome.ms * scale)} (estimate)`;
      console.log(`  ${label}, ${run} run: ${seconds(outcome.ms)}${scaled}`);
    }
  } finally {
    await context.close();
  }
}

async function benchHeic(browser: Browser): Promise<void> {
  console.log('\n== 2. HEIC 12 MP to JPG in Chromium (/tools/heic-to-jpg, click to result) ==');
  const fixture = makeHeic12mp();
  if ('path' in fixture) {
    const { width, height } = HEIC_SIZE;
    console.log(`  fixture: ${fixture.path}, ${width}x${height} (${((width * height) / 1e6).toFixed(1)} MP), ${kb(readFileSync(fixture.path).length)}`);
    await timeTool(browser, 'heic-to-jpg', fixture.path, 'HEIC 12 MP to JPG');
    return;
  }
  console.log(`  No 12 MP HEIC could be made: ${fixture.reason}.`);
  const largest = largestCorpusHeic();
  if (!largest) return console.log('  No corpus HEIC either: nothing timed.');
  console.log(`  Timing the largest corpus HEIC instead (${largest.megapixels.toFixed(2)} MP), NOT a 12 MP file:`);
  await timeTool(browser, 'heic-to-jpg', largest.path, `HEIC ${largest.megapixels.toFixed(2)} MP to JPG`, 12 / largest.megapixels);
}

async function benchGif(browser: Browser): Promise<void> {
  console.log('\n== 3. GIF to MP4 of a 100-frame GIF in Chromium (/tools/gif-to-mp4, click to result) ==');
  const gif = makeGif100();
  console.log(`  fixture: ${gif}, 320x240, 100 frames of 40 ms, ${kb(readFileSync(gif).length)}`);
  await timeTool(browser, 'gif-to-mp4', gif, 'GIF 100 frames to MP4');
}

async function benchSite(): Promise<void> {
  if (!buildSite()) return;
  const server = await startPreview();
  const browser = await launchChromium();
  try {
    console.log(`Chromium ${browser.version()}, site served by vite preview at ${ORIGIN}`);
    if (!only || only === 'heic') await benchHeic(browser);
    if (!only || only === 'gif') await benchGif(browser);
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

// ---------------------------------------------------------------- 4. formats

type FormatCodecs = {
  encode(image: Raster, format: string, settings: { quality: number }): Promise<Uint8Array>;
  decode(name: string, bytes: Uint8Array): Promise<{ frames: Raster[] }>;
};

/** The converters' default qualities, each on its codec's own scale (AVIF's 50 and JPEG XL's 75 are their libraries' defaults). */
const FORMATS = [
  { format: 'jpg', label: 'JPEG (MozJPEG) q75', quality: 75 },
  { format: 'webp', label: 'WebP q75', quality: 75 },
  { format: 'avif', label: 'AVIF q50 (speed 6)', quality: 50 },
  { format: 'jxl', label: 'JPEG XL q75 (effort 7)', quality: 75 },
];

function meanAbsoluteError(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if ((i & 3) !== 3) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / ((a.data.length / 4) * 3);
}

async function benchFormats(): Promise<void> {
  console.log('\n== 4. Output formats: 3 generated 2 MP photos (1728 x 1152), the site\'s codecs in Node, one thread ==');
  const server = await createServer({ root, server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' });
  try {
    const { decode } = await server.ssrLoadModule('/src/lib/image/decode.ts');
    const { encode } = await server.ssrLoadModule('/src/lib/image/encode.ts');
    const codecs = { decode, encode } as FormatCodecs;
    // The first encode of each codec compiles its WebAssembly; that is not the codec's time.
    const warm = generated(99, 64, 64);
    for (const f of FORMATS) await codecs.encode(warm, f.format, { quality: f.quality });
    const totals = new Map(FORMATS.map((f) => [f.format, { bytes: 0, ms: 0, error: 0 }]));
    console.log('\n| photo | format | bytes | of JPEG | encode | mean abs. error (0-255) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const seed of [1, 2, 3]) {
      const image = generated(seed, 1728, 1152);
      let jpegBytes = 0;
      for (const f of FORMATS) {
        const started = performance.now();
        const bytes = await codecs.encode(image, f.format, { quality: f.quality });
        const ms = performance.now() - started;
        const back = (await codecs.decode(`photo.${f.format}`, bytes)).frames[0];
        const error = meanAbsoluteError(back, image);
        if (f.format === 'jpg') jpegBytes = bytes.byteLength;
        const total = totals.get(f.format)!;
        total.bytes += bytes.byteLength;
        total.ms += ms;
        total.error += error;
        console.log(`| ${seed} | ${f.label} | ${kb(bytes.byteLength)} | ${((bytes.byteLength / jpegBytes) * 100).toFixed(0)}% | ${seconds(ms)} | ${error.toFixed(2)} |`);
      }
    }
    const jpeg = totals.get('jpg')!.bytes;
    console.log('\n| format | mean bytes | of JPEG | mean encode | mean abs. error |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const f of FORMATS) {
      const t = totals.get(f.format)!;
      console.log(`| ${f.label} | ${kb(t.bytes / 3)} | ${((t.bytes / jpeg) * 100).toFixed(0)}% | ${seconds(t.ms / 3)} | ${(t.error / 3).toFixed(2)} |`);
    }
  } finally {
    await server.close();
  }
}

async function benchTarget(): Promise<void> {
  console.log('\n== 5. Target size: Image Compressor with a limit, 2 generated 12 MP photos (4240 x 2832), JPG, in Node ==');
  const server = await createServer({ root, server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' });
  try {
    const { encode } = await server.ssrLoadModule('/src/lib/image/encode.ts');
    const compressor = await server.ssrLoadModule('/src/processors/image-compressor.ts');
    const ctx = { signal: new AbortController().signal, onProgress: () => {} };
    console.log('\n| photo | input | limit | output | of limit | kept size | time |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const shares: number[] = [];
    for (const seed of [1, 2]) {
      const image = generated(seed, 4240, 2832);
      const input = (await encode(image, 'jpg', { quality: 92 })) as Uint8Array;
      for (const maxKb of [50, 100, 200]) {
        const options = compressor.options.parse({ limitSize: true, maxKb });
        const started = performance.now();
        const [out] = await compressor.default.run([{ name: `photo-${seed}.jpg`, type: 'image/jpeg', bytes: input }], options, ctx);
        const ms = performance.now() - started;
        const share = out.bytes.byteLength / (maxKb * 1024);
        shares.push(share);
        const size = `${out.meta.width} x ${out.meta.height}`;
        console.log(`| ${seed} | ${kb(input.byteLength)} | ${maxKb} KB | ${kb(out.bytes.byteLength)} | ${share.toFixed(3)} | ${size} | ${seconds(ms)} |`);
      }
    }
    console.log(`\nOutput as a share of the limit: ${Math.min(...shares).toFixed(3)} to ${Math.max(...shares).toFixed(3)} (target 0.9 to 1.0).`);
  } finally {
    await server.close();
  }
}

// Timings on a shared machine only mean something next to its load.
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  console.log(`Machine: ${cpus().length} cores, load average ${load()}`);
  if (!only || only === 'compress') await benchCompressor();
  if (!only || only === 'formats') await benchFormats();
  if (!only || only === 'target') await benchTarget();
  if (!only || only === 'heic' || only === 'gif') {
    await benchSite().catch((error: Error) => console.log(`\nThe site benchmarks stopped: ${error.message}`));
  }
  console.log(`\nLoad average at the end: ${load()}`);
}

await main();
