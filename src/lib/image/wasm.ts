/**
 * Compiling a codec's WebAssembly module. In the browser the .wasm file is a
 * Vite `?url` asset served by the site itself; in Node (tests, benchmarks)
 * the same file is read from node_modules, so both run the same codec code.
 */

function isNode(): boolean {
  // Browsers and workers have no `process`; Node and test runners do.
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

const cache = new Map<string, Promise<WebAssembly.Module>>();

async function readFromDisk(packagePath: string): Promise<Uint8Array> {
  // Module names in variables keep the bundler from pulling Node built-ins into the browser build.
  const fsName = 'node:fs/promises';
  const pathName = 'node:path';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const path = (await import(/* @vite-ignore */ pathName)) as typeof import('node:path');
  return new Uint8Array(await fs.readFile(path.join(process.cwd(), 'node_modules', packagePath)));
}

async function compile(url: string, packagePath: string): Promise<WebAssembly.Module> {
  if (isNode()) return WebAssembly.compile((await readFromDisk(packagePath)) as Uint8Array<ArrayBuffer>);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the image codec (${response.status}).`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The compiled module for a codec, once per page or test run.
 * `url` is the `?url` import; `packagePath` the same file under node_modules.
 */
export function wasmModule(url: string, packagePath: string): Promise<WebAssembly.Module> {
  let found = cache.get(packagePath);
  if (!found) {
    found = compile(url, packagePath);
    // A failed load is retried next time instead of being cached.
    found.catch(() => cache.delete(packagePath));
    cache.set(packagePath, found);
  }
  return found;
}

/** An Emscripten `instantiateWasm` hook that uses a module compiled already (by wasmModule), so the factory fetches nothing. */
export function instantiateWith(module: WebAssembly.Module) {
  return (imports: WebAssembly.Imports, callback: (instance: WebAssembly.Instance) => void) => {
    const instance = new WebAssembly.Instance(module, imports);
    callback(instance);
    return instance.exports;
  };
}

/**
 * instantiateWith for an Emscripten pthread build: it also hands the module
 * back, because the build posts that module to each of its pthread workers.
 */
export function instantiateWithModule(module: WebAssembly.Module) {
  return (imports: WebAssembly.Imports, callback: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => {
    const instance = new WebAssembly.Instance(module, imports);
    callback(instance, module);
    return instance.exports;
  };
}
