/**
 * Threads benchmark (`npx tsx scripts/bench-threads.ts`). Prints figures; asserts nothing.
 *
 * Each engine (AVIF, JPEG XL, OxiPNG, WebP) encodes the same generated ~12 MP
 * photo-like picture in headless Chromium, in a Web Worker as the site's
 * tools do, through the site's own codec modules (src/lib/image/codecs/*),
 * loaded from the Vite dev server. The server is started twice: with
 * FILEDESK_ISOLATION=off (no COOP/COEP, so the one-thread builds run, as on a
 * host without the headers) and with the isolation headers (the threaded
 * builds with threadCount() threads). WebP has no threaded build: its two
 * runs are the same build, a check of the noise between the two.
 *
 * Each engine is loaded and run once on a small picture first (compiling its
 * WebAssembly and starting its threads), then timed on the big one. Besides the
 * time, each output's size and SHA-256 are compared between the two builds,
 * the PSNR of the decoded output against the source is given, and each build
 * encodes a 0.5 MP picture twice to check that it repeats its bytes.
 *
 * Both servers run at once and the runs alternate (one thread, all cores,
 * again), the fastest of each kept, so that the load of a shared machine
 * falls on both sides alike.
 *
 * Options: --engines avif,jxl,oxipng,webp (default all), --mp N (megapixels,
 * default 12), --repeats N (default 2), --cores N (the isolated run as on an
 * N-core device: its bytes and scaling at other thread counts; timings past
 * the real cores mean little). `benchThreads()` runs it from another
 * script, prints the same table and returns the rows.
 */
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

export type Engine = 'avif' | 'jxl' | 'oxipng' | 'webp';
export const ENGINES: Engine[] = ['avif', 'jxl', 'oxipng', 'webp'];

/** One timed encode. */
export interface ThreadRun {
  /** Seconds of the timed encode. */
  seconds: number;
  bytes: number;
  sha256: string;
  /** Threads the build ran (1: the one-thread build). */
  threads: number;
  /** The .wasm the build compiled. */
  wasm: string;
  /** PSNR (dB, RGB) of the decoded output against the source; lossless formats: Infinity. */
  psnr: number;
  crossOriginIsolated: boolean;
  /** The build gave the same bytes twice for one 0.5 MP picture. */
  deterministic: boolean;
}

export interface ThreadRow {
  engine: Engine;
  oneThread: ThreadRun;
  allCores: ThreadRun;
  /** oneThread.seconds / allCores.seconds. */
  speedUp: number;
}

export interface BenchThreadsOptions {
  engines?: Engine[];
  /** Picture size in megapixels (3:2), 12 by default. */
  megapixels?: number;
  /** Progress lines; console.log by default. */
  log?: (line: string) => void;
  /** Dev server ports for the one-thread and the isolated runs. */
  ports?: [number, number];
  chromiumPath?: string;
  /** Timed runs of each engine on each server, alternating; the fastest counts (2 by default). */
  repeats?: number;
  /** The isolated run as on a device with this many cores (navigator.hardwareConcurrency), to see other thread counts. */
  cores?: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
/** The converters' default qualities (manifests/image/*-to-*.json). */
const QUALITY = { avif: 50, jxl: 75, webp: 75 };

/**
 * The worker's code: plain JavaScript (functions compiled by tsx call a
 * __name helper the page does not have). It imports the codec modules from
 * the dev server by absolute URL (it runs from a blob: URL).
 */
const WORKER_SOURCE = String.raw`
const { origin, cores } = JSON.parse(self.name);
// --cores: the isolated run as on a device with that many cores (threadCount() reads this).
if (cores) Object.defineProperty(navigator, 'hardwareConcurrency', { value: cores, configurable: true });
const load = (path) => import(origin + path);
// This worker runs from a blob: URL, against which the codecs' asset paths cannot be resolved.
const siteFetch = self.fetch.bind(self);
self.fetch = (input, init) => siteFetch(typeof input === 'string' ? new URL(input, origin).href : input, init);

/** Smooth gradients, edges and per-pixel noise: photo-like for the encoders. */
function picture(w, h, seed) {
  const data = new Uint8ClampedArray(w * h * 4);
  let s = seed;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const i = (y * w + x) * 4;
      const noise = (s >> 16) % 20;
      const band = ((x >> 7) + (y >> 7)) % 2 ? 18 : 0;
      data[i] = 120 + 90 * Math.sin(x / 210 + seed) + noise + band;
      data[i + 1] = 120 + 80 * Math.cos(y / 170 - seed) + noise;
      data[i + 2] = (110 * (x + y)) / (w + h) + 60 * Math.sin((x * y) / 90000) + noise + band;
      data[i + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

function psnr(a, b) {
  let sum = 0, n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) { const d = a.data[i + c] - b.data[i + c]; sum += d * d; }
    n += 3;
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / n));
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function engineOf(name) {
  const threaded = await load('/src/lib/image/codecs/threaded-build.ts');
  const env = threaded.buildEnvironment();
  if (name === 'avif') {
    const m = await load('/src/lib/image/codecs/avif.ts');
    return { build: m.avifEncoderBuild(env), run: (img) => m.encode(img, ${QUALITY.avif}, false), decode: m.decode };
  }
  if (name === 'jxl') {
    const m = await load('/src/lib/image/codecs/jxl.ts');
    return { build: m.jxlEncoderBuild(env), run: (img) => m.encode(img, ${QUALITY.jxl}, false), decode: m.decode };
  }
  if (name === 'webp') {
    const m = await load('/src/lib/image/codecs/webp.ts');
    return { build: m.webpEncoderBuild(env.simd), run: (img) => m.encode(img, ${QUALITY.webp}, false), decode: m.decodeStill };
  }
  const m = await load('/src/lib/image/codecs/png.ts');
  // OxiPNG is timed on its own: the plain PNG it optimises is made first.
  const pngs = new Map();
  return {
    build: m.oxipngBuild(env),
    prepare: async (img) => pngs.set(img, await m.encode(img)),
    run: (img) => m.optimise(pngs.get(img)),
    decode: m.decode,
  };
}

const sources = new Map();
const checked = new Set();
self.onmessage = async ({ data: { engine, width, height } }) => {
  try {
    const key = width + 'x' + height;
    if (!sources.has(key)) sources.set(key, picture(width, height, 3));
    const source = sources.get(key);
    const e = await engineOf(engine);
    // The first time: load and run once on a small picture (compiling the wasm, starting the threads),
    // and check that one build gives the same bytes twice, on a 0.5 MP picture.
    let deterministic;
    if (!checked.has(engine)) {
      checked.add(engine);
      const warm = picture(320, 240, 5);
      const half = picture(866, 578, 9);
      if (e.prepare) { await e.prepare(warm); await e.prepare(half); }
      await e.run(warm);
      deterministic = (await sha256(await e.run(half))) === (await sha256(await e.run(half)));
    }
    if (e.prepare) await e.prepare(source);
    const started = performance.now();
    const out = await e.run(source);
    const seconds = (performance.now() - started) / 1000;
    const back = await e.decode(out);
    if (back.width !== width || back.height !== height) throw new Error('decoded ' + back.width + 'x' + back.height);
    postMessage({
      seconds, bytes: out.byteLength, sha256: await sha256(out), threads: e.build.threads, wasm: e.build.wasm.split('/').slice(-2).join('/'),
      psnr: psnr(back, source), crossOriginIsolated: self.crossOriginIsolated === true, deterministic,
    });
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
};
`;

async function startDev(isolated: boolean, port: number): Promise<ViteDevServer> {
  // vite.config.ts reads FILEDESK_ISOLATION when the server loads it.
  const previous = process.env.FILEDESK_ISOLATION;
  if (isolated) delete process.env.FILEDESK_ISOLATION;
  else process.env.FILEDESK_ISOLATION = 'off';
  try {
    const server = await createServer({
      root,
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      // Its own pre-bundling cache, so a dev server of the checkout is left alone.
      cacheDir: `/tmp/filedesk-bench-threads-vite`,
      server: { port, host: '127.0.0.1', strictPort: true, hmr: false },
      logLevel: 'error',
    });
    await server.listen();
    return server;
  } finally {
    if (previous === undefined) delete process.env.FILEDESK_ISOLATION;
    else process.env.FILEDESK_ISOLATION = previous;
  }
}

/** A page on one server with one bench worker, living for the whole benchmark as the site's worker does. */
async function openSeries(browser: Browser, origin: string, cores?: number) {
  const page = await browser.newPage();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    ({ source, name }) => {
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      (globalThis as unknown as { benchWorker: Worker }).benchWorker = new Worker(url, { type: 'module', name });
    },
    { source: WORKER_SOURCE, name: JSON.stringify({ origin, cores }) },
  );
  const run = async (engine: Engine, size: { width: number; height: number }): Promise<ThreadRun> => {
    const result = await page.evaluate(
      (message) =>
        new Promise<Partial<ThreadRun> & { error?: string }>((resolve) => {
          const worker = (globalThis as unknown as { benchWorker: Worker }).benchWorker;
          worker.onmessage = ({ data }) => resolve(data);
          worker.onerror = (event) => resolve({ error: event.message });
          worker.postMessage(message);
        }),
      { engine, ...size },
    );
    if (result.error) throw new Error(`${engine} on ${origin}: ${result.error}`);
    return result as ThreadRun;
  };
  return { run, close: () => page.close() };
}

/** Keeps the faster run, and the determinism seen on the first. */
function faster(best: ThreadRun | undefined, run: ThreadRun): ThreadRun {
  if (!best) return run;
  const kept = run.seconds < best.seconds ? run : best;
  return { ...kept, deterministic: best.deterministic ?? run.deterministic };
}

export async function benchThreads(options: BenchThreadsOptions = {}): Promise<ThreadRow[]> {
  const engines = options.engines ?? ENGINES;
  const log = options.log ?? ((line: string) => console.log(line));
  const [portOne, portAll] = options.ports ?? [4311, 4312];
  const mp = options.megapixels ?? 12;
  // 3:2, both even: 4243 x 2828 at 12 MP.
  const width = Math.round(Math.sqrt((mp * 1e6 * 3) / 2) / 2) * 2;
  const size = { width, height: Math.round((width * 2) / 3 / 2) * 2 };
  log(`Threads benchmark: ${size.width} x ${size.height} (${((size.width * size.height) / 1e6).toFixed(1)} MP), ${cpus().length} cores here`);
  const repeats = Math.max(1, options.repeats ?? 2);
  const browser = await chromium.launch({ executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const best: Record<'one' | 'all', Map<Engine, ThreadRun>> = { one: new Map(), all: new Map() };
  const servers: ViteDevServer[] = [];
  try {
    log(`Chromium ${browser.version()}; ${repeats} run(s) of each, alternating, the fastest kept`);
    // Both servers at once, the runs alternating, so a change of load on the machine falls on both.
    servers.push(await startDev(false, portOne), await startDev(true, portAll));
    const one = await openSeries(browser, `http://127.0.0.1:${portOne}`);
    const all = await openSeries(browser, `http://127.0.0.1:${portAll}`, options.cores);
    for (const engine of engines) {
      for (let i = 0; i < repeats; i++) {
        for (const [key, series] of [['one', one], ['all', all]] as const) {
          const run = await series.run(engine, size);
          log(`  ${engine.padEnd(6)} ${key === 'one' ? 'not isolated' : 'isolated    '} ${run.threads} thread(s), ${run.wasm}: ${run.seconds.toFixed(2)} s, ${run.bytes} bytes`);
          best[key].set(engine, faster(best[key].get(engine), run));
        }
      }
    }
    await Promise.all([one.close(), all.close()]);
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
  const rows = engines.map((engine) => {
    const oneThread = best.one.get(engine)!;
    const allCores = best.all.get(engine)!;
    return { engine, oneThread, allCores, speedUp: oneThread.seconds / allCores.seconds };
  });
  log('');
  log(formatTable(rows));
  for (const r of rows) log(`${LABEL[r.engine]}: ${r.oneThread.wasm} (isolated: ${r.oneThread.crossOriginIsolated}) against ${r.allCores.wasm} (isolated: ${r.allCores.crossOriginIsolated})`);
  return rows;
}

const LABEL: Record<Engine, string> = { avif: 'AVIF', jxl: 'JPEG XL', oxipng: 'OxiPNG', webp: 'WebP' };

export function formatTable(rows: ThreadRow[]): string {
  const header = ['engine', '1 thread s', 'all cores s', 'threads', 'speed-up', 'bytes 1 thread', 'bytes all cores', 'same bytes', 'PSNR 1 / all dB', 'repeatable 1 / all'];
  const psnr = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'lossless');
  const lines = rows.map((r) => [
    LABEL[r.engine],
    r.oneThread.seconds.toFixed(2),
    r.allCores.seconds.toFixed(2),
    `${r.oneThread.threads} / ${r.allCores.threads}`,
    `${r.speedUp.toFixed(2)}x`,
    String(r.oneThread.bytes),
    String(r.allCores.bytes),
    r.oneThread.sha256 === r.allCores.sha256
      ? 'yes'
      : `no (${r.allCores.bytes - r.oneThread.bytes >= 0 ? '+' : ''}${(((r.allCores.bytes - r.oneThread.bytes) / r.oneThread.bytes) * 100).toFixed(3)}%)`,
    `${psnr(r.oneThread.psnr)} / ${psnr(r.allCores.psnr)}`,
    `${r.oneThread.deterministic ? 'yes' : 'NO'} / ${r.allCores.deterministic ? 'yes' : 'NO'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
}

async function main(args: string[]): Promise<void> {
  const engines = args.includes('--engines') ? (args[args.indexOf('--engines') + 1].split(',') as Engine[]) : undefined;
  const megapixels = args.includes('--mp') ? Number(args[args.indexOf('--mp') + 1]) : undefined;
  const repeats = args.includes('--repeats') ? Number(args[args.indexOf('--repeats') + 1]) : undefined;
  const cores = args.includes('--cores') ? Number(args[args.indexOf('--cores') + 1]) : undefined;
  await benchThreads({ engines, megapixels, repeats, cores });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
