/** The batch report as CSV: one row per file, as the live table shows it. */
import type { BatchRow } from './run-batch';

const HEADER = ['file', 'status', 'bytes_in', 'bytes_out', 'ms', 'outputs', 'message'];

function cell(value: string | number): string {
  const text = String(value);
  // Quoted when needed, and a leading formula character is neutralised so a spreadsheet shows it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function batchReport(rows: readonly BatchRow[]): string {
  const lines = rows.map((r) => [r.path, r.status, r.bytesIn, r.bytesOut, Math.round(r.ms), r.outputs.join(' '), r.message].map(cell).join(','));
  return [HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
