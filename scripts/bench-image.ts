/**
 * Image compressor benchmark: for ~20 photos (shared corpus plus generated
 * ones), MozJPEG at quality 75 against Chromium's own canvas.toBlob JPEG at
 * the lowest quality that reaches the same SSIM, plus decode+encode times.
 * The site's codec modules are loaded through Vite (for their `?url` wasm
 * imports); Chromium runs headless through Playwright.
 *   npm run bench:image
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import jpeg from 'jpeg-js';
import { createServer } from 'vite';

interface Raster { width: number; height: number; data: Uint8ClampedArray }

/** Mean SSIM over 8 x 8 windows of the luma channel (constants of Wang et al. 2004). */
function ssim(a: Raster, b: { data: ArrayLike<number> }): number {
  const luma = (d: ArrayLike<number>, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= a.height; y += 8) {
    for (let x = 0; x + 8 <= a.width; x += 8) {
      let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
      for (let dy = 0; dy < 8; dy++) {
        for (let dx = 0; dx < 8; dx++) {
          const i = ((y + dy) * a.width + x + dx) * 4;
          const p = luma(a.data, i);
          const q = luma(b.data, i);
          sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q;
        }
      }
      const n = 64;
      const ma = sa / n, mb = sb / n;
      const va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return total / windows;
}

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
      data[i + 2] = (x * y) / (w * h / 255) + noise;
      data[i + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

const server = await createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' });
const { decode } = await server.ssrLoadModule('/src/lib/image/decode.ts');
const { encode } = await server.ssrLoadModule('/src/lib/image/encode.ts');

const corpus = '../shared/corpus';
const photos: { name: string; image: Raster; bytes?: Uint8Array }[] = [];
for (const dir of ['jpeg-exif', 'heic', 'psd']) {
  if (!existsSync(`${corpus}/${dir}`)) continue;
  for (const file of readdirSync(`${corpus}/${dir}`)) {
    const bytes = new Uint8Array(readFileSync(`${corpus}/${dir}/${file}`));
    const started = performance.now();
    try {
      const image = (await decode(file, bytes)).frames[0];
      if (dir === 'heic') {
        await encode(image, 'jpg', { quality: 85 });
        console.log(`HEIC to JPG (Node, ${image.width} x ${image.height}): ${file} ${Math.round(performance.now() - started)} ms`);
      }
      photos.push({ name: file, image, bytes });
    } catch (error) {
      console.log(`skipped ${file}: ${(error as Error).message}`);
    }
  }
}
for (let seed = 1; photos.length < 20; seed++) photos.push({ name: `generated-${seed}.png`, image: generated(seed) });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
/** Chromium's JPEG of the pixels at a quality (0..1), as bytes. */
async function chromiumJpeg(image: Raster, quality: number): Promise<Uint8Array> {
  const base64 = await page.evaluate(
    async ({ w, h, pixels, q }) => {
      const canvas = new OffscreenCanvas(w, h);
      const g = canvas.getContext('2d')!;
      g.putImageData(new ImageData(new Uint8ClampedArray(pixels), w, h), 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode(...bytes.subarray(i, i + 32768));
      return btoa(text);
    },
    { w: image.width, h: image.height, pixels: Array.from(image.data), q: quality },
  );
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

console.log('\n| photo | size | MozJPEG q75 | SSIM | Chromium same SSIM | ratio |');
console.log('| --- | --- | --- | --- | --- | --- |');
const ratios: number[] = [];
for (const { name, image } of photos) {
  const ours = await encode(image, 'jpg', { quality: 75 });
  const target = ssim(image, jpeg.decode(ours, { useTArray: true, formatAsRGBA: true }));
  // The lowest Chromium quality whose SSIM reaches ours (binary search over 1..100).
  let lo = 1, hi = 100, best = await chromiumJpeg(image, 1);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const candidate = await chromiumJpeg(image, mid / 100);
    if (ssim(image, jpeg.decode(candidate, { useTArray: true, formatAsRGBA: true })) >= target) {
      hi = mid;
      best = candidate;
    } else lo = mid + 1;
  }
  if (lo === 100) best = await chromiumJpeg(image, 1);
  const ratio = ours.length / best.length;
  ratios.push(ratio);
  console.log(`| ${name} | ${image.width}x${image.height} | ${(ours.length / 1024).toFixed(1)} KB | ${target.toFixed(4)} | ${(best.length / 1024).toFixed(1)} KB (q${lo}) | ${ratio.toFixed(2)} |`);
}
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
console.log(`\nMozJPEG size / Chromium size at equal SSIM: mean ${mean.toFixed(2)} over ${ratios.length} photos`);
await browser.close();
await server.close();
