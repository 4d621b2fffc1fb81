/**
 * XML to JSON: the whole document as indented JSON, attributes as "@name",
 * text kept as strings exactly as written.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { xmlToJsonText } from '../lib/data/xml-json';
import { parseXml } from '../lib/data/xml-read';
import { throwIfAborted } from '../lib/errors';
import { firstInput } from '../lib/inputs';

export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const root = parseXml(input.bytes, input.name);
  throwIfAborted(ctx.signal);
  const bytes = new TextEncoder().encode(xmlToJsonText(root));
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'application/json', meta: { originalSize: input.bytes.byteLength } }];
});
