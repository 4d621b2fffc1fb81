import { describe, expect, it } from 'vitest';
import { allTools } from '../../../tests/support/catalogue';
import { OCR_LANGUAGE_CODES } from './languages';

// The language data the site serves is built from OCR_LANGUAGE_CODES; a manifest offering any other choice would fail at run time.
describe('OCR language choices', () => {
  const withLanguage = allTools.filter((t) => t.processor && t.options.some((f) => f.name === 'language'));

  it('are offered by the OCR tools', () => {
    expect(withLanguage.length).toBeGreaterThan(0);
  });

  it.each(withLanguage.map((t) => [t.slug, t] as const))('%s offers exactly the languages the site serves', (_, tool) => {
    const field = tool.options.find((f) => f.name === 'language')!;
    expect(field.type).toBe('select');
    const values = 'choices' in field ? field.choices.map((c) => c.value) : [];
    expect([...values].sort()).toEqual([...OCR_LANGUAGE_CODES].sort());
  });
});
