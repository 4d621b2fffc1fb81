/**
 * Downloads espeak-ng.wasm (about 18 MB, 9 MB gzipped) from the site itself,
 * reporting progress. Kept apart so Node tests can read the file from disk.
 */
import wasmUrl from 'espeak-ng/dist/espeak-ng.wasm?url';

export async function loadEngineWasm(onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(wasmUrl, { signal });
  if (!response.ok || !response.body) throw new Error(`The speech engine could not be loaded (HTTP ${response.status}).`);
  // Content-Length is the compressed size when the server gzips; the known raw size is the better total then.
  const declared = Number(response.headers.get('content-length')) || 0;
  const encoded = !!response.headers.get('content-encoding');
  const total = encoded || !declared ? RAW_WASM_BYTES : declared;
  const parts: Uint8Array[] = [];
  let done = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.byteLength;
    onProgress(Math.min(done, total), total);
  }
  const bytes = new Uint8Array(done);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** The size of espeak-ng@1.0.2's espeak-ng.wasm, for progress when the server compresses it. */
export const RAW_WASM_BYTES = 18_485_010;
