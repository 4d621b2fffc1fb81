/**
 * Which build of an image encoder runs here: the threaded one (AVIF, JPEG XL,
 * OxiPNG) on a cross-origin isolated page with more than one core to use, the
 * one-thread build everywhere else, and always in Node (tests, the command
 * line, which already runs one file per worker thread). The choice is a pure
 * function of a `BuildEnvironment`, so it is unit-tested without a browser.
 *
 * Loading an Emscripten pthread build through the site's own files: its
 * JavaScript is a Vite `?url&no-inline` asset (main thread and pthread
 * workers import that one file), its small worker script a `?raw` string
 * started from a blob: URL (worker-src 'self' blob:), and its WebAssembly the
 * module compiled by wasm.ts, handed to every pthread worker by Emscripten.
 * Vite's dev server would rewrite the worker script (it adds an import of its
 * client, which a classic worker cannot run), so the script is never served
 * as a module: it is the same string in dev and in the build.
 */
import { threadCount, threadsAllowed } from '../../threads';
import { instantiateWithModule } from '../wasm';

/** What the choice depends on, read once per page or worker. */
export interface BuildEnvironment {
  /** Running in Node: the one-thread builds always. */
  node: boolean;
  /** Threaded builds can run here: a cross-origin isolated page or worker (threadsAllowed()). */
  allowed: boolean;
  /** Threads to use here (threadCount()): 1 where the page is not cross-origin isolated. */
  threads: number;
  /** In a Web Worker (wasm-bindgen-rayon, for OxiPNG, cannot block a page's main thread). */
  worker: boolean;
  /** WebAssembly SIMD (fixed-width, 128-bit) validates. */
  simd: boolean;
}

/** A build of an engine: how many threads it runs, and whether SIMD is used. */
export interface BuildChoice {
  threaded: boolean;
  /** 1 for a one-thread build; the size of the thread pool otherwise. */
  threads: number;
  simd: boolean;
}

export function isNode(): boolean {
  // Browsers and workers have no `process`; Node and test runners do.
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

function inWorker(): boolean {
  const scope = globalThis as { WorkerGlobalScope?: new () => unknown };
  return typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope;
}

/** A module with one `i8x16.splat` (wasm-feature-detect's SIMD probe). */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function simdSupported(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The environment of this page, worker or Node process (`node` is a parameter for the tests only). */
export function buildEnvironment(node = isNode()): BuildEnvironment {
  const allowed = !node && threadsAllowed();
  return { node, allowed, threads: allowed ? threadCount() : 1, worker: inWorker(), simd: simdSupported() };
}

/**
 * The build of an engine. Threaded where threads are allowed, there is more
 * than one core to use and (for engines that need it) the code runs in a
 * worker; otherwise the one-thread build: a pool of one thread would only add
 * a worker's start-up to the same work, unless the threaded build is also the
 * faster one on one thread (`poolOfOne`: JPEG XL's only SIMD build).
 */
export function chooseBuild(env: BuildEnvironment, needs: { worker?: boolean; poolOfOne?: boolean } = {}): BuildChoice {
  const threads = Math.max(1, Math.floor(env.threads));
  const threaded = !env.node && env.allowed && (threads > 1 || !!needs.poolOfOne) && (!needs.worker || env.worker);
  return { threaded, threads: threaded ? threads : 1, simd: env.simd };
}

/**
 * Emscripten's pthread builds size their pool, and the encoders their
 * threads, by navigator.hardwareConcurrency. Where threadCount() gives fewer
 * (it caps a many-core device), this worker's navigator says so too.
 */
function limitCores(threads: number): void {
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  if (nav && nav.hardwareConcurrency > threads) {
    Object.defineProperty(nav, 'hardwareConcurrency', { value: threads, configurable: true });
  }
}

/** An Emscripten pthread build's files, as this site serves them. */
export interface PthreadFiles {
  /** The build's JavaScript (`?url&no-inline`), imported by this thread and by every pthread worker. */
  scriptUrl: string;
  /** The build's worker script (`?raw`). */
  workerSource: string;
  /** The name the build asks `locateFile` for, e.g. avif_enc_mt.worker.mjs. */
  workerFile: string;
}

type EmscriptenFactory = (options: object) => Promise<unknown>;

/**
 * A URL the pthread workers can import: they run from blob: URLs, against
 * which a path cannot be resolved, and so might the worker calling this.
 */
function absoluteUrl(url: string): string {
  const { href, origin } = globalThis.location;
  return href.startsWith('blob:') ? new URL(url, origin).href : new URL(url, href).href;
}

/** Where the pthread worker scripts were started from, one blob: URL per build. */
const workerUrls = new Map<string, string>();

/**
 * Starts an Emscripten pthread build with `threads` threads over a compiled
 * module: the pool's workers are started and loaded before this resolves.
 */
export async function loadPthreadBuild<T>(module: WebAssembly.Module, files: PthreadFiles, threads: number): Promise<T> {
  limitCores(threads);
  const scriptUrl = absoluteUrl(files.scriptUrl);
  let workerUrl = workerUrls.get(files.workerFile);
  if (!workerUrl) {
    workerUrl = URL.createObjectURL(new Blob([files.workerSource], { type: 'text/javascript' }));
    workerUrls.set(files.workerFile, workerUrl);
  }
  const { default: factory } = (await import(/* @vite-ignore */ scriptUrl)) as { default: EmscriptenFactory };
  const pthreadWorker = workerUrl;
  return (await factory({
    noInitialRun: true,
    instantiateWasm: instantiateWithModule(module),
    locateFile: (path: string) => (path === files.workerFile ? pthreadWorker : path),
    mainScriptUrlOrBlob: scriptUrl,
  })) as T;
}
