/**
 * MP3 encoding with lamejs (LAME in JavaScript), in blocks so a long text can
 * be cancelled and reports progress.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { throwIfAborted } from '../errors';
import type { Pcm } from './wav';

/** Mono speech at 22,050 Hz: 64 kbit/s is clear and about 0.5 MB a minute. */
export const MP3_KBPS = 64;
/** Samples per encoder call: a multiple of the 576-sample MPEG-2 granule. */
const BLOCK = 576 * 64;

export async function encodeMp3(
  { sampleRate, samples }: Pcm,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Uint8Array> {
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += BLOCK) {
    throwIfAborted(signal);
    parts.push(encoder.encodeBuffer(samples.subarray(start, start + BLOCK)));
    onProgress(Math.min(start + BLOCK, samples.length), samples.length);
    // Lets the cancel message through between blocks.
    if ((start / BLOCK) % 16 === 15) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
