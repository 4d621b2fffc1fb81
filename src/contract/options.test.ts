import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../schemas/manifest';
import { checkOptions, defaultOptions, isRequired, isVisible } from './options';

const fields = [
  { name: 'method', type: 'select', label: 'Method', default: 'sheets', choices: [{ value: 'sheets', label: 'Sheets' }, { value: 'rows', label: 'Rows' }] },
  { name: 'rowsPerFile', type: 'number', label: 'Rows', default: 10000, min: 1, integer: true, visibleWhen: { option: 'method', equals: 'rows' }, invalidMessage: 'Please specify valid rows per file for splitting.' },
  { name: 'password', type: 'text', label: 'Password', default: '', required: true, minLength: 6, invalidMessage: 'Password must be at least 6 characters long.' },
  { name: 'quality', type: 'slider', label: 'Quality', default: 80, min: 10, max: 100, step: 1 },
].map((f) => fieldSchema.parse(f));
const facts = { fileCount: 1, totalBytes: 10 };

describe('options', () => {
  it('starts from the defaults', () => {
    expect(defaultOptions(fields)).toEqual({ method: 'sheets', rowsPerFile: 10000, password: '', quality: 80 });
  });

  it('validates only visible fields', () => {
    const values = { method: 'sheets', rowsPerFile: -5, password: 'secret1', quality: 80 };
    expect(isVisible(fields[1], values, facts)).toBe(false);
    expect(checkOptions(fields, values, facts).ok).toBe(true);
    const rows = checkOptions(fields, { ...values, method: 'rows' }, facts);
    expect(rows).toEqual({ ok: false, field: 'rowsPerFile', message: 'Please specify valid rows per file for splitting.' });
  });

  it('gives the field message for a short password and coerces numbers', () => {
    expect(checkOptions(fields, { method: 'rows', rowsPerFile: '20', password: 'abc', quality: 80 }, facts)).toMatchObject({
      ok: false,
      message: 'Password must be at least 6 characters long.',
    });
    const ok = checkOptions(fields, { method: 'rows', rowsPerFile: '20', password: 'abcdef', quality: '55' }, facts);
    expect(ok).toEqual({ ok: true, values: { method: 'rows', rowsPerFile: 20, password: 'abcdef', quality: 55 } });
  });

  it('requires a field marked requiredWhenReal: false in demo mode only, leaving real runs to the processor', () => {
    const [unlock] = [{ name: 'password', type: 'text', label: 'PDF password', default: '', required: true, requiredWhenReal: false, invalidMessage: 'Please enter the PDF password.' }].map((f) =>
      fieldSchema.parse(f),
    );
    expect(checkOptions([unlock], { password: ' ' }, facts, 'demo')).toEqual({ ok: false, field: 'password', message: 'Please enter the PDF password.' });
    expect(checkOptions([unlock], { password: '' }, facts, 'real')).toEqual({ ok: true, values: { password: '' } });
    expect(checkOptions([unlock], { password: '' }, facts)).toMatchObject({ ok: true });
    expect([isRequired(unlock, 'demo'), isRequired(unlock, 'real')]).toEqual([true, false]);
    // Without the flag a required field is required in both modes.
    expect([isRequired(fields[2], 'demo'), isRequired(fields[2], 'real')]).toEqual([true, true]);
    expect(checkOptions(fields, { method: 'sheets', rowsPerFile: 1, password: '', quality: 80 }, facts, 'real')).toMatchObject({ ok: false, field: 'password' });
    expect(fieldSchema.safeParse({ name: 'n', type: 'select', label: 'N', default: 'a', choices: [{ value: 'a', label: 'A' }], requiredWhenReal: false }).success).toBe(false);
  });

  it('refuses a slider value out of range and a non-integer count', () => {
    expect(checkOptions(fields, { method: 'rows', rowsPerFile: 2.5, password: 'abcdef', quality: 80 }, facts).ok).toBe(false);
    expect(checkOptions(fields, { method: 'sheets', rowsPerFile: 1, password: 'abcdef', quality: 5 }, facts).ok).toBe(false);
  });
});
