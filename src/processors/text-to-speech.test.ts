import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { mp3Frames } from '../../tests/support/mp3-frames';
import { readWav } from '../lib/speech/wav';
import { CancelledError, ToolError } from '../lib/errors';
import textToSpeech, { MAX_TEXT_CHARS } from './text-to-speech';

// In Node the engine's .wasm is read from node_modules instead of fetched from the site.
vi.mock('../lib/speech/wasm-source', () => ({
  loadEngineWasm: async (onProgress: (done: number, total: number) => void) => {
    const bytes = readFileSync(createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm'));
    onProgress(bytes.length, bytes.length);
    return new Uint8Array(bytes);
  },
}));

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const TEXT =
  'The quick brown fox jumps over the lazy dog. Speech made on this device never leaves it. ' +
  'Every sentence here is read aloud by the bundled engine, and the result is saved as an MP3 file.';
const WORDS = TEXT.split(/\s+/).length;

async function speak(options: Partial<{ text: string; voice: string; rate: number; format: 'mp3' | 'wav' }>) {
  const values = textToSpeech.options.parse({ text: TEXT, voice: 'default', rate: 1, ...options });
  const context = ctx();
  const [out] = await textToSpeech.run([], values, context);
  return { out, context };
}

/** The median pitch in Hz of the loud 30 ms windows, by autocorrelation over 70 to 400 Hz. */
function medianPitch(samples: Int16Array, sampleRate: number): number {
  const size = Math.round(sampleRate * 0.03);
  const pitches: number[] = [];
  for (let start = 0; start + size * 2 < samples.length; start += size) {
    let energy = 0;
    for (let i = 0; i < size; i++) energy += samples[start + i] ** 2;
    if (Math.sqrt(energy / size) < 1500) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(sampleRate / 400); lag <= Math.ceil(sampleRate / 70); lag++) {
      let sum = 0;
      for (let i = 0; i < size; i++) sum += samples[start + i] * samples[start + i + lag];
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (bestLag) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)];
}

describe('text-to-speech', () => {
  it('makes an MP3 whose frames last as long as the speech and suit the word count', async () => {
    const { out: wav } = await speak({ format: 'wav' });
    const pcm = readWav(wav.bytes);
    const wavSeconds = pcm.samples.length / pcm.sampleRate;
    const { out, context } = await speak({});
    expect(out.type).toBe('audio/mpeg');
    const mp3 = mp3Frames(out.bytes);
    expect(mp3.sampleRate).toBe(pcm.sampleRate);
    expect(mp3.kbps).toBe(64);
    expect(Math.abs(mp3.seconds - wavSeconds) / wavSeconds).toBeLessThan(0.1);
    // At about 175 words a minute, with pauses: between 100 and 260 words a minute.
    expect(WORDS / (mp3.seconds / 60)).toBeGreaterThan(100);
    expect(WORDS / (mp3.seconds / 60)).toBeLessThan(260);
    expect(context.onProgress).toHaveBeenLastCalledWith(100, 100);
  });

  it('speaks faster at a higher rate', async () => {
    const slow = readWav((await speak({ format: 'wav', rate: 1 })).out.bytes);
    const fast = readWav((await speak({ format: 'wav', rate: 2 })).out.bytes);
    const ratio = fast.samples.length / slow.samples.length;
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.7);
  });

  it('uses a higher voice for the female choices than for the male ones', async () => {
    for (const lang of ['en-US', 'en-GB']) {
      const female = readWav((await speak({ format: 'wav', voice: `${lang}-female` })).out.bytes);
      const male = readWav((await speak({ format: 'wav', voice: `${lang}-male` })).out.bytes);
      const [high, low] = [medianPitch(female.samples, female.sampleRate), medianPitch(male.samples, male.sampleRate)];
      expect(high).toBeGreaterThan(low * 1.3);
    }
  });

  it('speaks British and American English differently', async () => {
    const us = readWav((await speak({ format: 'wav', voice: 'en-US-male', text: 'tomato, water, dance' })).out.bytes);
    const gb = readWav((await speak({ format: 'wav', voice: 'en-GB-male', text: 'tomato, water, dance' })).out.bytes);
    expect(Buffer.from(us.samples.buffer).equals(Buffer.from(gb.samples.buffer))).toBe(false);
  });

  it('reads a text that starts with a dash as text, not as an engine option', async () => {
    const { out } = await speak({ format: 'wav', text: '--help me please' });
    expect(readWav(out.bytes).samples.length).toBeGreaterThan(22050 * 0.5);
  });

  it('refuses blank and overlong text with a clear message', async () => {
    await expect(speak({ text: '   ' })).rejects.toThrow(new ToolError('Please enter some text to convert to speech.'));
    await expect(speak({ text: 'a'.repeat(MAX_TEXT_CHARS + 1) })).rejects.toThrow(/reads up to 60,000 at a time/);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const values = textToSpeech.options.parse({ text: TEXT, voice: 'default', rate: 1 });
    await expect(textToSpeech.run([], values, { signal: controller.signal, onProgress: vi.fn() })).rejects.toBeInstanceOf(CancelledError);
  });
});
