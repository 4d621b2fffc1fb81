/**
 * EPS input: Ghostscript 10 compiled to WebAssembly (served by the site,
 * loaded on first use) renders the PostScript to a PNG at the chosen
 * resolution, cropped to the file's bounding box. -dSAFER keeps the
 * PostScript away from the (in-memory) file system; nothing else is
 * reachable from inside the module.
 */
import wasmUrl from '@okathira/ghostpdl-wasm/gs.wasm?url';
import { wasmModule } from '../wasm';

interface GhostscriptModule {
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
  callMain(args: string[]): number;
}

/** Renders the PostScript section of an EPS file to PNG bytes. */
export async function renderEps(postscript: Uint8Array, dpi: number): Promise<Uint8Array> {
  const [{ default: createGhostscript }, module] = await Promise.all([
    import('@okathira/ghostpdl-wasm') as unknown as Promise<{ default: (options: Record<string, unknown>) => Promise<GhostscriptModule> }>,
    wasmModule(wasmUrl, '@okathira/ghostpdl-wasm/dist/gs.wasm'),
  ]);
  const errors: string[] = [];
  // A fresh instance for every file: Ghostscript's main runs once per instance.
  const gs = await createGhostscript({
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      void WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    },
    print: () => {},
    printErr: (line: string) => errors.push(line),
  });
  gs.FS.writeFile('/in.eps', postscript);
  let code: number;
  try {
    code = gs.callMain([
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      '-sDEVICE=png16m',
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      `-r${dpi}`,
      '-sOutputFile=/out.png',
      '/in.eps',
    ]);
  } catch (error) {
    throw new Error(`Ghostscript stopped: ${errors.join(' ') || String(error)}`);
  }
  if (code !== 0) throw new Error(`Ghostscript failed (${code}): ${errors.join(' ')}`);
  return gs.FS.readFile('/out.png');
}
