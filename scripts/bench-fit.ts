/**
 * Size limit benchmark (`npx tsx scripts/bench-fit.ts`). Prints figures; asserts nothing.
 *
 * 1. Images: `fitUnder` (src/lib/image/fit-size.ts, as the Image Compressor
 *    and the converters call it) on 12 MP photo-like pictures (the photos of
 *    ../shared/corpus/jpeg-exif upscaled to 4240 px wide when that folder is
 *    there, then generated ones up to --pictures, 8 by default), JPEG and
 *    WebP, limits of 200 KB, 500 KB and 1 MB. Per case: the full encodes used
 *    (encodes of the picture itself, at any size; the sample's are counted
 *    apart), the time, the quality and size chosen, and the same for the old
 *    search (halving the quality range, from `git show fa2eed09f876:...`, or --old-ref),
 *    whose answer is the exhaustive one for a file size that grows with quality.
 *    Then the median and maximum encodes and times of both.
 *    The old search is timed with the encodes the new one already made of the
 *    same picture, size and quality counted at the time they took then (each
 *    full encode is made once per picture and format), so its figures are
 *    those of a real run, on a machine shared with others, without making
 *    every encode twice.
 * 2. PDF target size: `compressToTarget` (src/lib/pdf/compress-target.ts) on
 *    generated image-heavy PDFs, both engines (Ghostscript in Node as in the
 *    tests): the runs of the ladder used (and the steps tried), whether the
 *    target was reached, the size and the time, old against new.
 *
 * Sources load through Vite's ssrLoadModule, as the codecs use `?url` imports.
 * Options: --pictures N, --formats jpg,webp, --limits 200,500,1024 (KB),
 * --no-old, --no-pdf, --no-images, --old-ref REF. Also exported: benchFit().
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { seededRandom } from '../src/lib/seeded-random';

interface Raster { width: number; height: number; data: Uint8ClampedArray }
type EncodeAt = (image: Raster, quality: number) => Promise<Uint8Array>;
interface Fit { bytes: Uint8Array; quality: number; width: number; height: number; fits: boolean }
type FitUnder = (image: Raster, maxBytes: number, encodeAt: EncodeAt) => Promise<Fit>;
type Format = 'jpg' | 'webp';

export interface FitOptions {
  pictures?: number;
  formats?: Format[];
  limitsKb?: number[];
  old?: boolean;
  images?: boolean;
  pdf?: boolean;
  oldRef?: string;
  log?: (line: string) => void;
}

export interface FitRow {
  picture: string;
  format: Format;
  limitKb: number;
  encodes: number;
  sampleEncodes: number;
  seconds: number;
  quality: number;
  width: number;
  height: number;
  fits: boolean;
  old?: { encodes: number; seconds: number; quality: number; width: number; height: number; fits: boolean };
}

export interface PdfRow { pdf: string; targetKb: number; runs: number; seconds: number; reached: boolean; bytes: number; old?: { runs: number; seconds: number; reached: boolean; bytes: number } }

const root = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = join(root, '../shared/corpus/jpeg-exif');
const WIDTH = 4240;
const HEIGHT = 2832;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Photo-like: sky-to-ground gradients, soft shapes, texture (stronger below, as foliage) and sensor noise. */
function photo(width: number, height: number, seed: number): Raster {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  const blobs = Array.from({ length: 8 }, () => ({ x: random() * width, y: random() * height, r: (0.05 + random() * 0.25) * width, c: [random() * 255, random() * 255, random() * 255] }));
  const detail = 10 + random() * 30;
  const grain = 6 + random() * 18;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let r = 60 + (150 * y) / height;
      let g = 90 + 80 * Math.sin((x + seed * 300) / 700);
      let b = 200 - (120 * y) / height;
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        if (Math.abs(dx) > blob.r || Math.abs(dy) > blob.r) continue;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < blob.r) {
          const w = 0.7 * (1 - d / blob.r);
          r = r * (1 - w) + blob.c[0] * w;
          g = g * (1 - w) + blob.c[1] * w;
          b = b * (1 - w) + blob.c[2] * w;
        }
      }
      const texture = (y > height * 0.45 ? detail : detail / 4) * Math.sin(x * 0.31 + y * 0.17 + seed) * Math.sin(y * 0.43 - x * 0.07);
      const noise = (random() - 0.5) * grain;
      data[i] = r + texture + noise;
      data[i + 1] = g + texture + noise;
      data[i + 2] = b + texture * 0.5 + noise;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A source file from git with its relative imports made absolute, so it loads from a temporary folder. */
function oldSource(ref: string, path: string, name: string): string | null {
  try {
    const text = execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8' });
    const folder = join(root, path, '..');
    const absolute = text.replace(/from '(\.\.?\/[^']+)'/g, (_, spec: string) => `from '${join(folder, spec)}'`);
    const dir = join(tmpdir(), 'filedesk-bench-fit');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, name);
    writeFileSync(file, absolute);
    return file;
  } catch {
    return null;
  }
}

interface Cached { bytes: Uint8Array; ms: number }

async function benchImages(server: ViteDevServer, o: Required<Omit<FitOptions, 'log'>>, log: (line: string) => void): Promise<FitRow[]> {
  const { encode } = await server.ssrLoadModule('/src/lib/image/encode.ts');
  const { decode } = await server.ssrLoadModule('/src/lib/image/decode.ts');
  const { resize } = await server.ssrLoadModule('/src/lib/image/ops/resample.ts');
  const fresh = await server.ssrLoadModule('/src/lib/image/fit-size.ts');
  const isSample = fresh.isFitSample as (image: Raster) => boolean;
  const oldFile = o.old ? oldSource(o.oldRef, 'src/lib/image/fit-size.ts', 'fit-size.old.ts') : null;
  const oldFit = oldFile ? ((await server.ssrLoadModule(oldFile)).fitUnder as FitUnder) : null;
  if (o.old && !oldFit) log('(the old search could not be read from git; new figures only)');

  // The first encode of each codec compiles its WebAssembly: not the search's time.
  for (const format of o.formats) await encode({ width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(200) }, format, { quality: 75 });

  const pictures: { name: string; load: () => Promise<Raster> }[] = [];
  if (existsSync(CORPUS)) {
    for (const file of readdirSync(CORPUS).filter((f) => /^Landscape.*\.jpe?g$/i.test(f)).sort()) {
      pictures.push({
        name: `${file} (upscaled)`,
        load: async () => {
          const frame = (await decode(file, new Uint8Array(readFileSync(join(CORPUS, file))))).frames[0] as Raster;
          const width = frame.width >= frame.height ? WIDTH : Math.round((HEIGHT * frame.width) / frame.height);
          return resize(frame, width, Math.round((width * frame.height) / frame.width));
        },
      });
    }
  }
  for (let seed = 1; pictures.length < o.pictures; seed++) pictures.push({ name: `generated ${seed}`, load: async () => photo(WIDTH, HEIGHT, seed) });
  pictures.length = Math.min(pictures.length, o.pictures);

  log('\n== 1. Size limit on 12 MP photo-like pictures: full encodes, time, quality (new | old) ==');
  log('\n| picture | format | limit | new: encodes (+ sample) | new: time | new: quality, size | old: encodes | old: time | old: quality, size | quality steps |');
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const rows: FitRow[] = [];
  for (const picture of pictures) {
    const image = await picture.load();
    for (const format of o.formats) {
      const cache = new Map<string, Cached>();
      const key = (w: number, h: number, q: number) => `${w}x${h}:${q}`;
      for (const limitKb of o.limitsKb) {
        const maxBytes = limitKb * 1024;
        let encodes = 0;
        let sampleEncodes = 0;
        const encodeNew: EncodeAt = async (picture, quality) => {
          if (isSample(picture)) {
            sampleEncodes++;
            return encode(picture, format, { quality });
          }
          encodes++;
          const started = performance.now();
          const bytes = await encode(picture, format, { quality });
          cache.set(key(picture.width, picture.height, quality), { bytes, ms: performance.now() - started });
          return bytes;
        };
        const started = performance.now();
        const fit = await (fresh.fitUnder as FitUnder)(image, maxBytes, encodeNew);
        const ms = performance.now() - started;
        const row: FitRow = { picture: picture.name, format, limitKb, encodes, sampleEncodes, seconds: ms / 1000, quality: fit.quality, width: fit.width, height: fit.height, fits: fit.fits };
        if (oldFit) {
          let oldEncodes = 0;
          let charged = 0;
          const encodeOld: EncodeAt = async (picture, quality) => {
            oldEncodes++;
            const hit = cache.get(key(picture.width, picture.height, quality));
            if (hit) {
              charged += hit.ms;
              return hit.bytes;
            }
            const begun = performance.now();
            const bytes = await encode(picture, format, { quality });
            cache.set(key(picture.width, picture.height, quality), { bytes, ms: performance.now() - begun });
            return bytes;
          };
          const begun = performance.now();
          const old = await oldFit(image, maxBytes, encodeOld);
          row.old = { encodes: oldEncodes, seconds: (performance.now() - begun + charged) / 1000, quality: old.quality, width: old.width, height: old.height, fits: old.fits };
        }
        rows.push(row);
        const sizeOf = (f: { quality: number; width: number; height: number; fits: boolean }) => `q${f.quality} ${f.width}x${f.height}${f.fits ? '' : ' (over)'}`;
        const steps = row.old && row.old.width === row.width && row.old.fits && row.fits ? String(row.old.quality - row.quality) : row.old ? 'other size' : '';
        log(
          `| ${picture.name} | ${format} | ${kb(maxBytes)} | ${encodes} (+${sampleEncodes}) | ${seconds(ms)} s | ${sizeOf(row)} | ${row.old?.encodes ?? ''} | ${row.old ? `${row.old.seconds.toFixed(1)} s` : ''} | ${row.old ? sizeOf(row.old) : ''} | ${steps} |`,
        );
      }
    }
  }
  const summary = (name: string, encodes: number[], times: number[]) =>
    log(`| ${name} | ${median(encodes)} | ${Math.max(...encodes)} | ${median(times).toFixed(1)} s | ${Math.max(...times).toFixed(1)} s |`);
  log('\n| search | median full encodes | max full encodes | median time | max time |');
  log('| --- | --- | --- | --- | --- |');
  summary('new', rows.map((r) => r.encodes), rows.map((r) => r.seconds));
  const olds = rows.filter((r) => r.old);
  if (olds.length) {
    summary('old', olds.map((r) => r.old!.encodes), olds.map((r) => r.old!.seconds));
    const same = olds.filter((r) => r.old!.width === r.width && r.old!.fits && r.fits);
    const steps = same.map((r) => r.old!.quality - r.quality);
    log(`\nQuality against the old (exhaustive) search, same size: ${steps.filter((s) => s === 0).length} of ${same.length} equal, ${steps.filter((s) => s > 0).length} lower (at most ${Math.max(0, ...steps)} steps), ${steps.filter((s) => s < 0).length} higher; ${olds.length - same.length} at another size (new ${olds.filter((r) => r.old!.width !== r.width).map((r) => `${r.width}x${r.height} q${r.quality} vs old ${r.old!.width}x${r.old!.height} q${r.old!.quality}`).join(', ') || '-'}).`);
    log(`Over the limit while the old search fitted: ${olds.filter((r) => r.old!.fits && !r.fits).length}.`);
  }
  return rows;
}

async function benchPdf(server: ViteDevServer, o: Required<Omit<FitOptions, 'log'>>, log: (line: string) => void): Promise<PdfRow[]> {
  const fresh = await server.ssrLoadModule('/src/lib/pdf/compress-target.ts');
  const { compressWithGhostscript } = await server.ssrLoadModule('/src/lib/pdf/compress-gs.ts');
  const { napiJpegCodec } = await server.ssrLoadModule('/tests/fixtures/pdf-build/napi-codec.ts');
  const { imageHeavyPdf } = await server.ssrLoadModule('/tests/fixtures/pdf-build/build.ts');
  const oldFile = o.old ? oldSource(o.oldRef, 'src/lib/pdf/compress-target.ts', 'compress-target.old.ts') : null;
  const old = oldFile ? await server.ssrLoadModule(oldFile) : null;
  const steps = fresh.TARGET_STEPS as { dpi: number; quality: number }[];
  const ctx = { signal: new AbortController().signal, onProgress: () => {} };
  const pdfs = [
    { name: '2 pages, 2400 x 1800 photos', make: () => imageHeavyPdf({ pages: 2, imageWidth: 2400, imageHeight: 1800, drawWidth: 500 }) },
    { name: '4 pages, 1600 x 1200 photos', make: () => imageHeavyPdf({ pages: 4, imageWidth: 1600, imageHeight: 1200, drawWidth: 300, seed: 5 }) },
    { name: '1 page, 3000 x 2000 photo', make: () => imageHeavyPdf({ pages: 1, imageWidth: 3000, imageHeight: 2000, drawWidth: 500, seed: 9 }) },
  ];
  // Ghostscript's WebAssembly compiles on its first run: not the search's time.
  await compressWithGhostscript(await imageHeavyPdf({ pages: 1, imageWidth: 64, imageHeight: 48, drawWidth: 50 }), steps[0]);
  log('\n== 2. PDF target size: runs of the ladder (both engines each), new | old ==');
  log('\n| PDF | input | target | new: runs (steps tried) | new: reached | new: size | new: time | old: runs (steps tried) | old: reached | old: size | old: time |');
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const rows: PdfRow[] = [];
  for (const pdf of pdfs) {
    const input: Uint8Array = await pdf.make();
    for (const share of [0.3, 0.1, 0.03]) {
      const target = Math.round(input.length * share);
      const measure = async (search: (input: Uint8Array, name: string, target: number, engines: unknown, ctx: unknown) => Promise<{ bytes: Uint8Array; reached: boolean }>) => {
        const settings: { dpi: number; quality: number }[] = [];
        const engines = {
          codec: napiJpegCodec,
          ghostscript: (bytes: Uint8Array, s: { dpi: number; quality: number }, onPage?: (page: number) => void) => {
            settings.push(s);
            return compressWithGhostscript(bytes, s, onPage);
          },
        };
        const started = performance.now();
        const out = await search(input, 'bench.pdf', target, engines, ctx);
        const ms = performance.now() - started;
        return { runs: settings.length, seconds: ms / 1000, bytes: out.bytes.length, reached: out.reached, tried: settings.map((s) => steps.findIndex((t) => t.dpi === s.dpi && t.quality === s.quality)) };
      };
      const now = await measure(fresh.compressToTarget);
      const then = old ? await measure(old.compressToTarget) : null;
      const row: PdfRow = { pdf: pdf.name, targetKb: target / 1024, runs: now.runs, seconds: now.seconds, reached: now.reached, bytes: now.bytes };
      if (then) row.old = { runs: then.runs, seconds: then.seconds, reached: then.reached, bytes: then.bytes };
      rows.push(row);
      const tried = (t: number[]) => t.join('>');
      log(
        `| ${pdf.name} | ${kb(input.length)} | ${kb(target)} | ${now.runs} (steps ${tried(now.tried)}) | ${now.reached ? 'reached' : 'not reached'} | ${kb(now.bytes)} | ${now.seconds.toFixed(1)} s | ${then ? `${then.runs} (steps ${tried(then.tried)})` : ''} | ${then ? (then.reached ? 'reached' : 'not reached') : ''} | ${then ? kb(then.bytes) : ''} | ${then ? `${then.seconds.toFixed(1)} s` : ''} |`,
      );
    }
  }
  log(`\nRuns: new at most ${Math.max(...rows.map((r) => r.runs))}, median ${median(rows.map((r) => r.runs))}${rows[0]?.old ? `; old at most ${Math.max(...rows.map((r) => r.old!.runs))}, median ${median(rows.map((r) => r.old!.runs))}` : ''}.`);
  log(`Same output size as the old search: ${rows.filter((r) => r.old && r.old.bytes === r.bytes).length} of ${rows.filter((r) => r.old).length}.`);
  return rows;
}

/** Runs the benchmark and returns its rows (also printed, through `log`). */
export async function benchFit(options: FitOptions = {}): Promise<{ images: FitRow[]; pdf: PdfRow[] }> {
  const o = {
    pictures: options.pictures ?? 8,
    formats: options.formats ?? (['jpg', 'webp'] as Format[]),
    limitsKb: options.limitsKb ?? [200, 500, 1024],
    old: options.old ?? true,
    images: options.images ?? true,
    pdf: options.pdf ?? true,
    // The last commit with the halving search, so the old figures stay comparable once the new search is in.
    oldRef: options.oldRef ?? 'fa2eed09f876',
  };
  const log = options.log ?? ((line: string) => console.log(line));
  log(`Machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const server = await createServer({ root, server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
  try {
    const images = o.images ? await benchImages(server, o, log) : [];
    const pdf = o.pdf ? await benchPdf(server, o, log) : [];
    log(`\nLoad average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    return { images, pdf };
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  await benchFit({
    pictures: value('--pictures') ? Number(value('--pictures')) : undefined,
    formats: value('--formats')?.split(',') as Format[] | undefined,
    limitsKb: value('--limits')?.split(',').map(Number),
    old: !args.includes('--no-old'),
    images: !args.includes('--no-images'),
    pdf: !args.includes('--no-pdf'),
    oldRef: value('--old-ref'),
  });
}
