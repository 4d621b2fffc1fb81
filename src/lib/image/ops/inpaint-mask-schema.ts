/** The check of a mask where it arrives (the worker, or the page reading a found person back). */
// First: zod parses here in the browser, where the CSP forbids its eval probe.
import '../../../contract/zod-jitless';
import { z } from 'zod';
import { MASK_MAX_SIDE, type EncodedMask } from './inpaint-mask';

export const maskSchema = z.object({
  width: z.number().int().min(1).max(MASK_MAX_SIDE),
  height: z.number().int().min(1).max(MASK_MAX_SIDE),
  // One run a cell at most, plus the leading unpainted run.
  runs: z.array(z.number().int().min(0)).min(1).max(MASK_MAX_SIDE * MASK_MAX_SIDE + 1),
}) satisfies z.ZodType<EncodedMask>;
