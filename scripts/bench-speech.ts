/**
 * Text to speech figures, in Node on this machine (the same espeak-ng
 * WebAssembly and lamejs code the worker runs): the time to the first audio
 * (engine compiled and the first piece of text spoken) and the time to an MP3
 * of 1,000 words. Run with `npm run bench:speech`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodeMp3 } from '../src/lib/speech/mp3';
import { synthesize } from '../src/lib/speech/synthesize';

const wasm = readFileSync(createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm'));
const sentence = 'Files are processed on your own device and never uploaded, so your work stays private and fast.';
const words = (count: number) => {
  const out: string[] = [];
  while (out.length < count) out.push(...sentence.split(' '));
  return out.slice(0, count).join(' ');
};
const signal = new AbortController().signal;
const loader = async () => new Uint8Array(wasm);

const start = performance.now();
let first = 0;
await synthesize(words(1000), { voice: 'en-US-female', rate: 1 }, loader, signal, {
  onSpoken: (done) => {
    if (done === 1) first = performance.now() - start;
  },
});
const spoken = performance.now() - start;
const t1 = performance.now();
const pcm = await synthesize(words(1000), { voice: 'en-US-female', rate: 1 }, loader, signal);
const speakWarm = performance.now() - t1;
const t2 = performance.now();
const mp3 = await encodeMp3(pcm, signal);
const encode = performance.now() - t2;
const seconds = pcm.samples.length / pcm.sampleRate;
console.log(`engine .wasm: ${(wasm.length / 1e6).toFixed(1)} MB`);
console.log(`time to first audio (compile engine + first piece): ${first.toFixed(0)} ms`);
console.log(`1,000 words spoken (cold engine): ${spoken.toFixed(0)} ms; warm: ${speakWarm.toFixed(0)} ms -> ${seconds.toFixed(0)} s of speech`);
console.log(`MP3 encoding: ${encode.toFixed(0)} ms -> ${(mp3.length / 1e6).toFixed(2)} MB at 64 kbit/s`);
console.log(`time to an MP3 of 1,000 words (cold): ${(spoken + encode).toFixed(0)} ms`);
