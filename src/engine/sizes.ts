/**
 * Sizes and plain numbers as the page's language writes them, for what the engine shows itself
 * (file list, result cards, batch table). The same figures as src/lib/format-size.ts gives in
 * English, with no grouping of digits, as that shows them.
 */
import { sizeSteps } from '../lib/format-size';
import { formatNumber, t } from '../lib/i18n/messages';

/** A number as the page's language writes it, without grouping ("1234.5"); up to `digits` decimals. */
export function plainNumber(value: number, digits = 3): string {
  return formatNumber(value, { useGrouping: false, maximumFractionDigits: digits });
}

const UNITS = ['engine.size.bytes', 'engine.size.kilobytes', 'engine.size.megabytes', 'engine.size.gigabytes', 'engine.size.terabytes'] as const;

/** Human size in B, KB, MB, GB, TB with steps of 1024 and up to two decimals ("1.5 MB"), as formatBytes. */
export function sizeText(bytes: number): string {
  const { value, step } = sizeSteps(bytes);
  return t(UNITS[step], { value: plainNumber(value, 2) });
}

/** Size in KB with one decimal, as the selected-file list shows it ("12.3 KB"), as formatKb. */
export function kilobytesText(bytes: number): string {
  return t('engine.size.kilobytes', { value: formatNumber(bytes / 1024, { useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}
