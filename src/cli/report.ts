/**
 * What a run shows: a progress bar on a terminal (stderr), or one JSON line
 * per finished file on stdout with --json, and a summary at the end. Without
 * a terminal and without --json, each failed file gets a line on stderr.
 */
import type { BatchRow } from '../core/run-batch';
import { formatBytes } from '../lib/format-size';

export interface Reporter {
  row(row: BatchRow): void;
  finish(rows: readonly BatchRow[], seconds: number): void;
}

const FINAL = new Set(['done', 'skipped', 'failed', 'cancelled']);

/** The JSON line of a finished file. */
export function jsonLine(row: BatchRow): string {
  return JSON.stringify({
    input: row.path,
    status: row.status,
    output: row.outputs[0] ?? null,
    outputs: row.outputs,
    bytesIn: row.bytesIn,
    bytesOut: row.bytesOut,
    ms: Math.round(row.ms),
    message: row.message,
  });
}

export function summary(rows: readonly BatchRow[], seconds: number): string {
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  const done = count('done');
  const rate = seconds > 0 && done > 0 ? `, ${(done / seconds).toFixed(1)} files/s` : '';
  const parts = [`${done} processed`, `${count('skipped')} skipped`, `${count('failed')} failed`];
  if (count('cancelled')) parts.push(`${count('cancelled')} not run`);
  return `${parts.join(', ')} in ${seconds.toFixed(1)} s${rate}.`;
}

export function createReporter(total: number, { json, quiet }: { json: boolean; quiet: boolean }): Reporter {
  const tty = !json && !quiet && process.stderr.isTTY === true;
  let finished = 0;
  let failed = 0;
  let lastDraw = 0;
  const started = performance.now();
  const draw = (force = false) => {
    const now = performance.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const width = Math.max(10, Math.min(40, (process.stderr.columns ?? 80) - 50));
    const filled = total ? Math.round((finished / total) * width) : width;
    const elapsed = (now - started) / 1000;
    const left = finished > 0 && finished < total ? ` · about ${Math.ceil((elapsed / finished) * (total - finished))} s left` : '';
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${total} files${failed ? ` · ${failed} failed` : ''}${left}`;
    process.stderr.write(`\r${line}\x1b[K`);
  };
  return {
    row(row) {
      if (!FINAL.has(row.status)) return;
      finished++;
      if (row.status === 'failed') failed++;
      if (json) process.stdout.write(`${jsonLine(row)}\n`);
      else if (tty) {
        if (row.status === 'failed') process.stderr.write(`\r\x1b[K${row.path}: ${row.message}\n`);
        draw(finished === total);
      } else if (!quiet && row.status === 'failed') process.stderr.write(`${row.path}: ${row.message}\n`);
    },
    finish(rows, seconds) {
      if (tty) process.stderr.write('\n');
      if (quiet) return;
      const bytesIn = rows.filter((r) => r.status === 'done').reduce((a, r) => a + r.bytesIn, 0);
      const bytesOut = rows.reduce((a, r) => a + r.bytesOut, 0);
      const sizes = bytesIn ? ` ${formatBytes(bytesIn)} in, ${formatBytes(bytesOut)} out.` : '';
      process.stderr.write(`${summary(rows, seconds)}${sizes}\n`);
    },
  };
}
