/**
 * Text to PCM with espeak-ng: loads the engine on first use (downloading its
 * .wasm with progress), then speaks the text piece by piece.
 */
import { throwIfAborted } from '../errors';
import { splitText } from './chunks';
import { createEngine, type Engine } from './engine';
import { espeakVoice, wordsPerMinute } from './voices';
import type { Pcm } from './wav';

export interface SpeechOptions {
  /** A voice choice of the page: "default", "en-GB-female" ... */
  voice: string;
  /** 0.5 to 2, 1 being espeak-ng's normal speed. */
  rate: number;
}

export interface SpeechProgress {
  /** Bytes of the engine downloaded so far, while it loads. */
  onDownload?(done: number, total: number): void;
  /** Pieces of text spoken so far. */
  onSpoken?(done: number, total: number, pcm: Pcm): void;
}

export type WasmLoader = (onProgress: (done: number, total: number) => void, signal?: AbortSignal) => Promise<Uint8Array>;

let engine: Promise<Engine> | null = null;

/** The engine, created once per worker; a failed load is retried next time. */
export function loadEngine(loadWasm: WasmLoader, onDownload: (done: number, total: number) => void = () => {}, signal?: AbortSignal): Promise<Engine> {
  engine ??= loadWasm(onDownload, signal).then(createEngine);
  engine.catch(() => (engine = null));
  return engine;
}

/** Speaks the whole text; the silence espeak-ng puts after each piece keeps the pauses natural. */
export async function synthesize(text: string, options: SpeechOptions, loadWasm: WasmLoader, signal: AbortSignal, progress: SpeechProgress = {}): Promise<Pcm> {
  const speaker = await loadEngine(loadWasm, progress.onDownload, signal);
  const voice = espeakVoice(options.voice);
  const wpm = wordsPerMinute(options.rate);
  const pieces = splitText(text);
  const parts: Int16Array[] = [];
  let sampleRate = 22050;
  for (let i = 0; i < pieces.length; i++) {
    throwIfAborted(signal);
    const pcm = await speaker.speak(pieces[i], voice, wpm);
    sampleRate = pcm.sampleRate;
    parts.push(pcm.samples);
    progress.onSpoken?.(i + 1, pieces.length, pcm);
  }
  const samples = new Int16Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return { sampleRate, samples };
}
