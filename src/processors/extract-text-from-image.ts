/**
 * Extract text from image: OCR with tesseract.js in the chosen language
 * (English by default), engine and language data served by the site and
 * loaded on first use with progress. Writes the text as UTF-8 .txt.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { readInput } from '../lib/image/edit';
import { ocrLanguageOption } from '../lib/ocr/languages';
import { recognize } from '../lib/ocr/recognize';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ language: ocrLanguageOption });

export default defineProcessor(options, async (inputs, options, ctx) => {
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const { image } = await readInput(input);
    const result = await recognize(image, options.language, (done, total) => {
      if (!ctx.signal.aborted) ctx.onProgress(index * total + done, inputs.length * total);
    });
    throwIfAborted(ctx.signal);
    const text = result.text.trim();
    if (text === '') {
      throw new ToolError(runText('processors.extractTextFromImage.noText', { name: input.name }));
    }
    outputs.push({
      bytes: new TextEncoder().encode(`${text}\n`),
      type: 'text/plain',
      meta: { words: result.words.length, confidence: Math.round(result.confidence) },
    });
  }
  return outputs;
});
