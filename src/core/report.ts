/** The batch report as CSV: one row per file, as the live table shows it. */
import type { BatchRow } from './run-batch';
import { runText } from '../lib/i18n/run-messages';

/** The column headings, in the run's language. */
function header(): string[] {
  return [
    runText('run.report.file'),
    runText('run.report.status'),
    runText('run.report.bytesIn'),
    runText('run.report.bytesOut'),
    runText('run.report.ms'),
    runText('run.report.outputs'),
    runText('run.report.message'),
  ];
}

function cell(value: string | number): string {
  const text = String(value);
  // Quoted when needed, and a leading formula character is neutralised so a spreadsheet shows it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function batchReport(rows: readonly BatchRow[]): string {
  const lines = rows.map((r) => [r.path, r.status, r.bytesIn, r.bytesOut, Math.round(r.ms), r.outputs.join(' '), r.message].map(cell).join(','));
  return [header().map(cell).join(','), ...lines].join('\r\n') + '\r\n';
}
