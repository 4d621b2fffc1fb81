/**
 * Ghostscript 10 compiled to WebAssembly (@okathira/ghostpdl-wasm), shared by
 * the EPS decoder and the PDF compressor. The 15 MB module is served by the
 * site and fetched only when a tool first needs it (with download progress),
 * then compiled once per worker; in Node (tests, benchmarks) it is read from
 * node_modules. Every run gets a fresh instance, because Ghostscript's main
 * runs once per instance, and works on an in-memory file system that holds
 * only the files given to it; callers pass -dSAFER so PostScript in the input
 * cannot reach even that beyond its own files.
 */
import { wasmModule } from './image/wasm';

const PACKAGE_PATH = '@okathira/ghostpdl-wasm/dist/gs.wasm';

interface GhostscriptModule {
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
  callMain(args: string[]): number;
}
type CreateGhostscript = (options: Record<string, unknown>) => Promise<GhostscriptModule>;

/** Ghostscript ran but reported an error (exit code and its messages), or could not start. */
export class GhostscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GhostscriptError';
  }
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** Fetches the wasm from the site, reporting bytes received (total is 0 when the server does not say). */
async function fetchWithProgress(onProgress?: (loaded: number, total: number) => void): Promise<WebAssembly.Module> {
  // A dynamic import keeps the asset URL out of Node, where the module is read from disk instead.
  const { default: url } = await import('@okathira/ghostpdl-wasm/gs.wasm?url');
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new GhostscriptError(`Could not load Ghostscript (${response.status}).`);
  // Content-Length is the compressed size when the server gzips, so progress is capped at the total.
  const total = Number(response.headers.get('content-length') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.(total ? Math.min(loaded, total) : loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return WebAssembly.compile(bytes);
}

/**
 * Loads and compiles Ghostscript once; later calls return at once. A failed
 * load is forgotten so the next use tries again.
 */
export function loadGhostscript(onProgress?: (loaded: number, total: number) => void): Promise<WebAssembly.Module> {
  if (!compiled) {
    compiled = isNode() ? wasmModule('', PACKAGE_PATH) : fetchWithProgress(onProgress);
    compiled.catch(() => (compiled = undefined));
  }
  return compiled;
}

export interface GhostscriptRun {
  /** Command-line arguments, without the program name. */
  args: string[];
  /** Files written to the in-memory file system before the run, by absolute path. */
  inputs: Record<string, Uint8Array>;
  /** The absolute path of the file the run writes. */
  output: string;
  /** Each line Ghostscript prints on standard output (page numbers, for progress). */
  onLine?: (line: string) => void;
  /** Each line Ghostscript prints on standard error, where pdfwrite also puts its warnings (a run can succeed with some). */
  onErrorLine?: (line: string) => void;
}

/** Runs Ghostscript once in a fresh instance and returns the output file. Throws GhostscriptError when it fails. */
export async function runGhostscript({ args, inputs, output, onLine, onErrorLine }: GhostscriptRun): Promise<Uint8Array> {
  const [{ default: createGhostscript }, module] = await Promise.all([
    import('@okathira/ghostpdl-wasm') as unknown as Promise<{ default: CreateGhostscript }>,
    loadGhostscript(),
  ]);
  const errors: string[] = [];
  const gs = await createGhostscript({
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      void WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    },
    print: (line: string) => onLine?.(line),
    printErr: (line: string) => {
      errors.push(line);
      onErrorLine?.(line);
    },
  });
  for (const [path, bytes] of Object.entries(inputs)) gs.FS.writeFile(path, bytes);
  let code: number;
  // In Node, Emscripten's exit sets the host process's exit code; a failed run must not fail the test run or benchmark.
  const hostExitCode = isNode() ? process.exitCode : undefined;
  try {
    code = gs.callMain(args);
  } catch (error) {
    throw new GhostscriptError(`Ghostscript stopped: ${errors.join(' ') || String(error)}`);
  } finally {
    if (isNode()) process.exitCode = hostExitCode;
  }
  if (code !== 0) throw new GhostscriptError(`Ghostscript failed (${code}): ${errors.join(' ')}`);
  try {
    return gs.FS.readFile(output);
  } catch {
    throw new GhostscriptError('Ghostscript wrote no output.');
  }
}
