import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { defaultOptions } from '../../src/contract/options';

/** A manifest's default option values, with required text fields (which start blank on purpose) filled in. */
export function filledDefaults(tool: ToolManifest): OptionValues {
  const values = defaultOptions(tool.options);
  for (const f of tool.options) {
    if ((f.type === 'text' || f.type === 'textarea') && f.required && String(values[f.name]).trim() === '') {
      values[f.name] = 'x'.repeat(Math.max(f.type === 'text' ? (f.minLength ?? 1) : 1, 1));
    }
  }
  return values;
}
