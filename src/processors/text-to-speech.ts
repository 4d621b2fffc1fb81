/**
 * Text to Speech, Download MP3: speaks the text with espeak-ng (WebAssembly,
 * served by the site and loaded on first use) and encodes it as MP3 with
 * lamejs. The page's Play button asks for `format: 'wav'` when the browser
 * has no voices of its own, to play the same speech without the MP3 step.
 *
 * Options (manifests/audio/text-to-speech.json):
 *   text: string    the text to read
 *   voice: string   "default" or "<lang>-<REGION>-<female|male>"
 *   rate: number    0.5 to 2
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { encodeMp3 } from '../lib/speech/mp3';
import { synthesize } from '../lib/speech/synthesize';
import { loadEngineWasm } from '../lib/speech/wasm-source';
import { writeWav } from '../lib/speech/wav';
import { runText } from '../lib/i18n/run-messages';

/** About an hour of speech; longer texts are better split than waited for. */
export const MAX_TEXT_CHARS = 60_000;

export const options = z.object({
  text: z.string(),
  voice: z.string(),
  rate: z.number(),
  format: z.enum(['mp3', 'wav']).default('mp3'),
});

/** Progress out of 100: the engine download, then speaking, then encoding. */
const DOWNLOAD = 40;
const SPEAK = 45;

export default defineProcessor(options, async (_inputs, { text, voice, rate, format }, ctx) => {
  if (text.trim() === '') throw new ToolError(runText('processors.textToSpeech.noText'));
  if (text.length > MAX_TEXT_CHARS) {
    throw new ToolError(runText('processors.textToSpeech.tooLong', { count: text.length, max: MAX_TEXT_CHARS }));
  }
  ctx.onProgress(0, 100);
  let downloaded = false;
  let pcm;
  try {
    pcm = await synthesize(text, { voice, rate }, loadEngineWasm, ctx.signal, {
      onDownload: (done, total) => {
        downloaded = true;
        ctx.onProgress(Math.floor((done / total) * DOWNLOAD), 100);
      },
      onSpoken: (done, total) => ctx.onProgress((downloaded ? DOWNLOAD : 0) + Math.floor((done / total) * SPEAK), 100),
    });
  } catch (error) {
    throwIfAborted(ctx.signal);
    if (!(error instanceof ToolError)) console.error(error);
    throw error instanceof ToolError ? error : new ToolError(runText('processors.textToSpeech.failed'));
  }
  const base = (downloaded ? DOWNLOAD : 0) + SPEAK;
  const seconds = Math.round((pcm.samples.length / pcm.sampleRate) * 10) / 10;
  if (format === 'wav') return [{ bytes: writeWav(pcm), type: 'audio/wav', meta: { duration: `${seconds} s` } }];
  const mp3 = await encodeMp3(pcm, ctx.signal, (done, total) => ctx.onProgress(base + Math.floor((done / total) * (100 - base)), 100));
  return [{ bytes: mp3, type: 'audio/mpeg', meta: { duration: `${seconds} s` } }];
});
