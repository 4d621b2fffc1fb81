import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../schemas/manifest';
import { checkRunOptions } from './run-options';

const fields = [
  { name: 'level', type: 'select', label: 'Level', default: 'medium', choices: [{ value: 'low', label: 'Low' }, { value: 'medium', label: 'Medium' }], invalidMessage: 'Please choose a level.' },
  { name: 'quality', type: 'slider', label: 'Quality', default: 80, min: 10, max: 100, step: 1 },
].map((f) => fieldSchema.parse(f));
const check = { fields, facts: { fileCount: 1, totalBytes: 10 } };
const processor = z.object({ level: z.enum(['low', 'medium']), quality: z.number(), engine: z.enum(['fast', 'slow']).default('fast'), mask: z.object({ width: z.number() }).optional() });

describe('checkRunOptions', () => {
  it("refuses what the form refuses, with the field's own message, before the processor is asked", () => {
    const result = checkRunOptions({ level: 'extreme', quality: 80 }, check, processor);
    expect(result).toEqual({ ok: false, problems: [{ by: 'fields', field: 'level', path: 'level', message: 'Please choose a level.' }] });
  });

  it("gives the processor the fields' coerced values, the view's extras and the manifest's settings", () => {
    const result = checkRunOptions({ level: 'low', quality: '55', mask: { width: 4 } }, check, processor, { engine: 'slow' });
    expect(result).toEqual({
      ok: true,
      values: { level: 'low', quality: 55, mask: { width: 4 } },
      typed: { level: 'low', quality: 55, engine: 'slow', mask: { width: 4 } },
    });
  });

  it("reports what only the processor's schema refuses as the processor's", () => {
    const result = checkRunOptions({ level: 'low', quality: 50 }, check, processor, { engine: 'warp' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatchObject({ by: 'processor', field: 'engine' });
  });

  it('without fields (a helper processor no manifest names) only the processor decides', () => {
    expect(checkRunOptions({ level: 'low', quality: 1 }, undefined, processor)).toMatchObject({ ok: true });
  });
});
