/**
 * The "every N pages" field of split-pdf: kept within 1..page count (the
 * specification forces it to at least 1) and the number of files it makes.
 */
import { useEffect } from 'react';
import type { OptionsFormApi } from '../../engine/OptionsForm';
import { clampEveryN, everyN } from '../../lib/page-ranges';

const FIELD = 'everyN';

export function useEveryN(form: OptionsFormApi, pageCount: number | null) {
  const value = form.watch(FIELD);

  // Numbers out of range are corrected at once; a blank box waits for the field to lose focus.
  useEffect(() => {
    if (pageCount === null || typeof value !== 'number' || !Number.isFinite(value)) return;
    if (value < 1 || value > pageCount) form.setValue(FIELD, clampEveryN(value, pageCount), { shouldValidate: true });
  }, [value, pageCount, form]);

  const normalize = () => {
    if (pageCount === null) return;
    const current = form.getValues(FIELD);
    const fixed = clampEveryN(current, pageCount);
    if (current !== fixed) form.setValue(FIELD, fixed, { shouldValidate: true });
  };

  const fileCount = pageCount === null ? null : everyN(pageCount, clampEveryN(value, pageCount)).length;
  return { normalize, fileCount };
}
