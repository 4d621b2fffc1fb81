/**
 * GIF to MP4: the GIF's frames (each already drawn over the one before, as
 * the GIF says) are flattened onto white, encoded as H.264 by the browser's
 * own encoder (WebCodecs) and written into an MP4 by mediabunny. Each frame
 * lasts as long as the GIF's delay says.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { decode } from '../lib/image/decode';
import { flatten } from '../lib/image/flatten';
import type { RasterImage } from '../lib/image/types';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({});

export const noH264Message = () => runText('processors.gifToMp4.noH264');

/** Browsers show GIF delays under 20 ms as 100 ms; the video does the same. */
const MIN_DELAY_MS = 20;
const DEFAULT_DELAY_MS = 100;
/** A single picture becomes a one-second video. */
const STILL_MS = 1000;

/** H.264 with 4:2:0 colour needs even sides: an odd edge gets its last column or row repeated. */
function evenSided(image: RasterImage): RasterImage {
  const width = image.width + (image.width % 2);
  const height = image.height + (image.height % 2);
  if (width === image.width && height === image.height) return image;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = Math.min(y, image.height - 1) * image.width * 4;
    data.set(image.data.subarray(from, from + image.width * 4), y * width * 4);
    if (width > image.width) data.copyWithin((y * width + image.width) * 4, (y * width + image.width - 1) * 4, (y * width + image.width) * 4);
  }
  return { width, height, data };
}

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const { frames } = await decode(input.name, input.bytes);
  throwIfAborted(ctx.signal);
  const { BufferTarget, canEncodeVideo, Mp4OutputFormat, Output, QUALITY_HIGH, VideoSample, VideoSampleSource } = await import('mediabunny');
  const first = evenSided(frames[0]);
  if (typeof VideoEncoder === 'undefined' || !(await canEncodeVideo('avc', { width: first.width, height: first.height }))) {
    throw new ToolError(noH264Message());
  }
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
  const source = new VideoSampleSource({ codec: 'avc', bitrate: QUALITY_HIGH });
  output.addVideoTrack(source);
  await output.start();
  let at = 0;
  try {
    for (const [index, frame] of frames.entries()) {
      throwIfAborted(ctx.signal);
      const delay = frames.length === 1 ? STILL_MS : frame.delayMs < MIN_DELAY_MS ? DEFAULT_DELAY_MS : frame.delayMs;
      const picture = evenSided(flatten(frame, '#ffffff'));
      const sample = new VideoSample(picture.data, {
        format: 'RGBA',
        codedWidth: picture.width,
        codedHeight: picture.height,
        timestamp: at / 1000,
        duration: delay / 1000,
      });
      try {
        await source.add(sample);
      } finally {
        sample.close();
      }
      at += delay;
      ctx.onProgress(index + 1, frames.length);
    }
    await output.finalize();
  } catch (error) {
    if (output.state !== 'finalized') await output.cancel().catch(() => {});
    throw error;
  }
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('The MP4 writer produced nothing');
  return [
    {
      bytes: new Uint8Array(buffer),
      type: 'video/mp4',
      meta: { width: first.width, height: first.height, frames: frames.length, duration: `${(at / 1000).toFixed(1)} s` },
    },
  ];
});
