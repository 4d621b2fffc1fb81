/**
 * espeak-ng compiled to WebAssembly (npm espeak-ng, voices embedded in the
 * .wasm). The package is the espeak-ng command line: each run of `main`
 * speaks one text into a WAV file in the module's in-memory file system. The
 * .wasm is compiled once and instantiated afresh for every piece of text.
 */
import type { Pcm } from './wav';
import { readWav } from './wav';

interface EspeakModule {
  FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string): void };
}

type EspeakFactory = (options: Record<string, unknown>) => Promise<EspeakModule>;

export interface Engine {
  /** Speaks one piece of text with an espeak-ng voice (`en-us+f3`) at a speed in words per minute. */
  speak(text: string, voice: string, wpm: number): Promise<Pcm>;
}

/** Builds the engine from the bytes of espeak-ng.wasm. */
export async function createEngine(wasm: ArrayBuffer | Uint8Array): Promise<Engine> {
  const [{ default: factory }, module] = await Promise.all([
    import('espeak-ng') as unknown as Promise<{ default: EspeakFactory }>,
    WebAssembly.compile(wasm as BufferSource),
  ]);
  return {
    async speak(text, voice, wpm) {
      const errors: string[] = [];
      const instance = await factory({
        // The text goes through a file, so a text starting with "-" is never read as an option.
        arguments: ['-w', '/speech.wav', '-v', voice, '-s', String(wpm), '-f', '/speech.txt'],
        preRun: [(m: EspeakModule) => m.FS.writeFile('/speech.txt', text)],
        instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
          void WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
          return {};
        },
        print: () => {},
        printErr: (line: string) => errors.push(line),
      });
      try {
        return readWav(instance.FS.readFile('/speech.wav'));
      } catch (error) {
        throw new Error(`espeak-ng produced no audio: ${errors.join(' ') || String(error)}`);
      }
    },
  };
}
