/** Image splitter: rows x columns tiles in the input's format, packed in one ZIP named row by column. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { encodeRaster, outputFormat } from '../lib/image/io';
import { readInput } from '../lib/image/edit';
import { split } from '../lib/image/ops/geometry';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ rows: z.number().int().min(1).max(10), columns: z.number().int().min(1).max(10) });

const EXT = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

export default defineProcessor(options, async (inputs, { rows, columns }, ctx) => {
  const input = firstInput(inputs);
  const { image, format } = await readInput(input);
  if (rows > image.height || columns > image.width) {
    throw new ToolError(runText('processors.imageSplitter.tooSmall', { name: input.name, width: image.width, height: image.height, rows, columns }));
  }
  const base = input.name.replace(/\.[^.]*$/, '') || 'image';
  const tiles = split(image, rows, columns);
  const entries: Record<string, Uint8Array> = {};
  for (const [i, tile] of tiles.entries()) {
    throwIfAborted(ctx.signal);
    const to = outputFormat(format, tile.image);
    entries[`${base}-row${tile.row}-col${tile.column}.${EXT[to]}`] = await encodeRaster(tile.image, to);
    ctx.onProgress(i + 1, tiles.length);
  }
  const { zipSync } = await import('fflate');
  // Images are compressed already; storing them keeps the ZIP fast to make.
  const zip = zipSync(entries, { level: 0 });
  return [{ bytes: zip, type: 'application/zip', meta: { tiles: tiles.length, width: image.width, height: image.height } }];
});
