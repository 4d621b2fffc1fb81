/**
 * The run loop shared by the image editing processors: check each input's
 * header, decode it, apply the edit, and encode the result in the input's
 * format (or PNG where transparency appears, or where the tool always writes PNG).
 */
import type { ProcessorContext, ToolInput, ToolOutput } from '../../contract/types';
import { throwIfAborted, ToolError } from '../errors';
import type { RasterImage } from './types';
import { checkEditInput, decodeRaster, encodeRaster, MIME, outputFormat, type EditFormat } from './io';
import { assertCanvasSize } from './limits';
import { runText } from '../i18n/run-messages';

export interface EditResult {
  image: RasterImage;
  /** Extra naming tokens and result facts. */
  vars?: Record<string, string | number>;
  notice?: string;
}

/** Decodes one input after checking its header. */
export async function readInput(input: ToolInput): Promise<{ image: RasterImage; format: EditFormat }> {
  const { format } = checkEditInput(input.name, input.bytes);
  return { image: await decodeRaster(input.name, input.bytes, format), format };
}

/** Encodes a result, refusing one larger than a canvas can hold (a huge border, say). */
export async function writeOutput(
  name: string,
  image: RasterImage,
  format: EditFormat,
  extra: Omit<ToolOutput, 'bytes' | 'type'> = {},
): Promise<ToolOutput> {
  assertCanvasSize(name, image.width, image.height);
  const bytes = await encodeRaster(image, format);
  return { ...extra, bytes, type: MIME[format], meta: { width: image.width, height: image.height, ...extra.meta } };
}

/** Runs `edit` on every input in turn, with progress and Cancel between files. */
export async function editEach(
  inputs: ToolInput[],
  ctx: ProcessorContext,
  edit: (image: RasterImage, input: ToolInput) => EditResult | Promise<EditResult>,
  options: { alwaysPng?: boolean } = {},
): Promise<ToolOutput[]> {
  if (inputs.length === 0) throw new ToolError(runText('run.image.required'));
  const outputs: ToolOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const { image, format } = await readInput(input);
    throwIfAborted(ctx.signal);
    const result = await edit(image, input);
    throwIfAborted(ctx.signal);
    const to = options.alwaysPng ? 'png' : outputFormat(format, result.image);
    outputs.push(
      await writeOutput(input.name, result.image, to, {
        vars: result.vars,
        notice: result.notice,
        meta: { originalSize: input.bytes.byteLength, ...result.vars },
      }),
    );
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
}
