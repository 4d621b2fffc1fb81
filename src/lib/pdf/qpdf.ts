/**
 * qpdf compiled to WebAssembly, for what pdf-lib cannot do: AES-256
 * encryption and decryption. Each call gets a fresh module instance, so no
 * state (files, passwords) survives between runs.
 */
import createQpdf from '@neslinesli93/qpdf-wasm';
// Served by the site itself; never fetched from another origin.
import qpdfWasmUrl from '@neslinesli93/qpdf-wasm/dist/qpdf.wasm?url';

export interface QpdfRun {
  /** qpdf's exit code: 0 success, 2 error, 3 success with warnings (some commands use 0/2/3 as answers). */
  code: number;
  /** The file written to OUTPUT_PATH, when the command wrote one. */
  output?: Uint8Array;
  stdout: string;
  stderr: string;
}

export const INPUT_PATH = '/input.pdf';
export const OUTPUT_PATH = '/output.pdf';

interface EmscriptenModuleOptions {
  locateFile: (file: string, scriptDirectory: string) => string;
  preRun: ((module: QpdfModule) => void)[];
}

interface QpdfModule {
  callMain(args: string[]): number;
  FS: {
    init(input: () => number | null, output: (c: number | null) => void, error: (c: number | null) => void): void;
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
  };
}

/** True in Node (tests), where the module reads the .wasm from node_modules beside its own script. */
function isNode(): boolean {
  return typeof process === 'object' && typeof process.versions?.node === 'string';
}

function collector(sink: number[]): (c: number | null) => void {
  return (c) => {
    if (c !== null && sink.length < 65536) sink.push(c);
  };
}

/**
 * Runs qpdf with the given arguments on `input` (written to INPUT_PATH), with
 * `files` written beside it under their own paths (a second PDF a command
 * reads, such as --copy-encryption's), and returns the exit code, the captured
 * stdout and stderr text, and the file at OUTPUT_PATH if one was written.
 * Never throws for a qpdf failure: callers classify the exit code and stderr.
 */
export async function runQpdf(args: string[], input?: Uint8Array, files: Record<string, Uint8Array> = {}): Promise<QpdfRun> {
  const out: number[] = [];
  const err: number[] = [];
  const options: EmscriptenModuleOptions = {
    locateFile: (file, scriptDirectory) => (isNode() ? scriptDirectory + file : qpdfWasmUrl),
    // Route stdout and stderr into buffers instead of the console.
    preRun: [(module) => module.FS.init(() => null, collector(out), collector(err))],
  };
  const qpdf = (await (createQpdf as unknown as (o: EmscriptenModuleOptions) => Promise<QpdfModule>)(options)) as QpdfModule;
  if (input) qpdf.FS.writeFile(INPUT_PATH, input);
  for (const [path, bytes] of Object.entries(files)) qpdf.FS.writeFile(path, bytes);
  // In Node, Emscripten's exit() also sets process.exitCode, which would fail the test process.
  const exitCodeBefore = isNode() ? process.exitCode : undefined;
  let code: number;
  try {
    // callMain puts the program name in front of the array it is given: pass a copy, not the caller's.
    code = qpdf.callMain([...args]);
  } finally {
    if (isNode()) process.exitCode = exitCodeBefore;
  }
  let output: Uint8Array | undefined;
  try {
    output = qpdf.FS.readFile(OUTPUT_PATH);
  } catch {
    output = undefined;
  }
  const decode = (codes: number[]) => new TextDecoder().decode(new Uint8Array(codes));
  return { code, output, stdout: decode(out), stderr: decode(err) };
}

/** True when qpdf's error text says the password was wrong (or a password is needed). */
export function isInvalidPassword(run: QpdfRun): boolean {
  return /invalid password/i.test(run.stderr);
}
