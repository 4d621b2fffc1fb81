/**
 * The native JPEG paths (native-jpeg.ts) are installed in each worker thread
 * at once, and proved before their first use: on probe pictures each must give
 * exactly the WebAssembly codec's bytes or pixels, or it is not used. A tool
 * that never touches a JPEG never loads sharp.
 *
 * A proof depends only on the two builds it compares, so its verdict is kept
 * in the user's cache folder (XDG_CACHE_HOME, else ~/.cache), under a key made
 * of sharp's and libvips' versions, the platform, and a hash of the
 * WebAssembly codec's files and of the command's own code (the bundle this
 * module is built into). Any other build is proved afresh. FILEDESK_NATIVE=0 turns every native path off.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useNativeJpeg, wasmDecode, wasmEncode, type NativeJpeg, type NativeJpegDecoder, type NativeJpegEncoder, type NativeJpegTranscoder } from '../../lib/image/codecs/jpeg';
import { applyOrientation } from '../../lib/image/orientation';
import type { RasterImage } from '../../lib/image/types';
import { acceptsQuality, loadSharp, NATIVE_QUALITIES, nativeDecoder, nativeEncoder, nativeTranscoder, type Sharp } from './native-jpeg';

const PROBE_QUALITIES = [NATIVE_QUALITIES.from, 75, NATIVE_QUALITIES.to];

/** Pictures that exercise what a photo does: noise, edges, gradients, odd sizes, grey, flat. */
export function probePictures(): RasterImage[] {
  const make = (width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): RasterImage => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const [r, g, b] = pixel(x, y);
        data.set([r, g, b, 255], (y * width + x) * 4);
      }
    return { width, height, data };
  };
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
  return [
    make(97, 61, (x, y) => [(x * 3 + noise() / 4) & 255, (y * 4) & 255, ((x ^ y) * 5) & 255]),
    make(64, 64, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [250, 250, 250] : [12, 40, 200])),
    make(33, 47, (x, y) => {
      const v = (x * 7 + y * 5 + noise() / 8) & 255;
      return [v, v, v];
    }),
  ];
}

const sameBytes = (a: Uint8Array, b: Uint8Array | null) => !!b && a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);

/** True when the decoder gives the WebAssembly decoder's pixels for every probe JPEG (baseline and progressive). */
export async function decodesSamePixels(decoder: NativeJpegDecoder): Promise<boolean> {
  try {
    for (const picture of probePictures())
      for (const baseline of [false, true]) {
        const jpeg = await wasmEncode(picture, 75, { baseline });
        const [wasm, native] = await Promise.all([wasmDecode(jpeg), decoder(jpeg)]);
        if (!native || native.width !== wasm.width || native.height !== wasm.height) return false;
        if (!wasm.data.every((value, i) => value === native.data[i])) return false;
      }
    return true;
  } catch {
    return false;
  }
}

/** True when the encoder writes exactly the WebAssembly encoder's bytes for every probe. */
export async function writesSameBytes(encoder: NativeJpegEncoder): Promise<boolean> {
  try {
    for (const picture of probePictures())
      for (const quality of PROBE_QUALITIES) {
        const [wasm, native] = await Promise.all([wasmEncode(picture, quality), encoder.encode(picture, quality)]);
        if (!sameBytes(wasm, native)) return false;
      }
    return true;
  } catch {
    return false;
  }
}

/** True when the transcoder gives, for a probe turned every way, the bytes of WebAssembly decoding, turning and encoding. */
export async function transcodesSameBytes(transcoder: NativeJpegTranscoder): Promise<boolean> {
  try {
    const jpeg = await wasmEncode(probePictures()[0], 90);
    const pixels = await wasmDecode(jpeg);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const quality = PROBE_QUALITIES[orientation % PROBE_QUALITIES.length];
      const [wasm, native] = await Promise.all([wasmEncode(applyOrientation(pixels, orientation), quality), transcoder(jpeg, orientation, quality)]);
      if (!sameBytes(wasm, native)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

export interface Verdict {
  decodes: boolean;
  encodes: boolean;
  transcodes: boolean;
}

/** Runs the three proofs; the transcoder is tried only when the decoder and encoder pass. */
export async function prove(sharp: Sharp): Promise<Verdict> {
  const decodes = await decodesSamePixels(nativeDecoder(sharp));
  const encodes = await writesSameBytes(nativeEncoder(sharp));
  const transcodes = decodes && encodes && (await transcodesSameBytes(nativeTranscoder(sharp)));
  return { decodes, encodes, transcodes };
}

/**
 * What makes a verdict hold: sharp's build, the WebAssembly codec's files,
 * and the code that runs and proves the native paths. The command's build has
 * that code in the file this module is bundled into, so a new FileDesk
 * proves again.
 */
async function verdictKey(sharp: Sharp): Promise<string> {
  const hash = createHash('sha256');
  const packaged = ['@jsquash/jpeg/package.json', '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm', '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'];
  for (const file of [...packaged.map((f) => join(process.cwd(), 'node_modules', f)), fileURLToPath(import.meta.url)]) hash.update(await readFile(file));
  return JSON.stringify({ sharp: sharp.versions, platform: `${process.platform}-${process.arch}`, code: hash.digest('hex') });
}

/** Where verdicts are kept between runs. */
export function verdictFile(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'filedesk', 'native-jpeg.json');
}

async function keptVerdict(key: string): Promise<Verdict | null> {
  try {
    const kept = JSON.parse(await readFile(verdictFile(), 'utf8')) as { key?: string; verdict?: Verdict };
    return kept.key === key && kept.verdict ? kept.verdict : null;
  } catch {
    return null;
  }
}

async function keepVerdict(key: string, verdict: Verdict): Promise<void> {
  try {
    const file = verdictFile();
    await mkdir(join(file, '..'), { recursive: true });
    // Written beside and renamed, so another thread never reads half a file.
    const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(part, JSON.stringify({ key, verdict }));
    await rename(part, file);
  } catch {
    // A cache folder that cannot be written only means the next run proves again.
  }
}

/** The native paths this thread may use, proved (or found proved) for these builds. */
export async function provedNativeJpeg(): Promise<NativeJpeg> {
  const sharp = await loadSharp();
  if (!sharp) return {};
  const key = await verdictKey(sharp).catch(() => null);
  let verdict = key ? await keptVerdict(key) : null;
  if (!verdict) {
    verdict = await prove(sharp);
    if (key) await keepVerdict(key, verdict);
  }
  const paths: NativeJpeg = {};
  if (verdict.decodes) paths.decoder = nativeDecoder(sharp);
  if (verdict.encodes) paths.encoder = nativeEncoder(sharp);
  if (verdict.transcodes) paths.transcoder = nativeTranscoder(sharp);
  return paths;
}

/**
 * Installs native paths that prove themselves on first use (once per thread)
 * and until then, or when a proof fails, leave the work to WebAssembly.
 */
export function installNativeJpeg(): void {
  if (process.env.FILEDESK_NATIVE === '0') return;
  let proved: Promise<NativeJpeg> | undefined;
  const paths = () => (proved ??= provedNativeJpeg().catch((): NativeJpeg => ({})));
  useNativeJpeg({
    decoder: async (bytes) => (await paths()).decoder?.(bytes) ?? null,
    encoder: {
      accepts: acceptsQuality,
      encode: async (image, quality) => (await paths()).encoder?.encode(image, quality) ?? null,
    },
    transcoder: async (bytes, orientation, quality) => (await paths()).transcoder?.(bytes, orientation, quality) ?? null,
  });
}
