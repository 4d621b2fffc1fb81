/**
 * What a run shows: a progress bar on a terminal (stderr), or one JSON line
 * per finished file on stdout with --json, and a summary at the end. Without
 * --json, each failed file gets a line on stderr (`<path>: <message>`), also
 * with --quiet, which hides only the progress bar and the summary: a failure
 * nobody is told about would look like success in a script's log. An
 * error that ends the command is one plain line (describeSystemError).
 */
import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
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
      } else if (row.status === 'failed') process.stderr.write(`${row.path}: ${row.message}\n`);
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

/** What a system call was doing, after "Cannot ..." (mkdir: "create the folder"). */
const ACTIONS: Record<string, string> = {
  mkdir: 'create the folder',
  open: 'open',
  read: 'read',
  write: 'write',
  rename: 'move a finished file to',
  scandir: 'read the folder',
  opendir: 'read the folder',
  stat: 'reach',
  lstat: 'reach',
  unlink: 'remove',
  rm: 'remove',
  rmdir: 'remove the folder',
  copyfile: 'copy',
  access: 'reach',
  realpath: 'find',
  readlink: 'follow the link',
  mkdtemp: 'create a temporary folder at',
  fsync: 'save',
  close: 'close',
};

/** The first folder on the way to `path`, or `path` itself, that is in fact a file, if any (the cause of ENOTDIR). */
function fileInTheWay(path: string): string | undefined {
  const parts = resolve(path).split(sep);
  for (let i = 2; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(sep) || sep;
    try {
      if (!statSync(prefix).isDirectory()) return prefix;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * An error from the system (a file or folder that cannot be read or written,
 * a full disk, a port in use) as one plain sentence: what went wrong, with
 * which path, and what to do. `out` is the run's output folder (absolute),
 * so an error on the way to it can say to choose another --out. Null for
 * any other error.
 */
export function describeSystemError(error: unknown, { out }: { out?: string } = {}): string | null {
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number; dest?: string };
  if (!(error instanceof Error) || typeof e.code !== 'string' || (!e.path && !e.syscall)) return null;
  if (e.syscall === 'listen' || e.syscall === 'bind') {
    const where = `port ${e.port ?? '?'} on ${e.address ?? 'this machine'}`;
    if (e.code === 'EADDRINUSE') return `The ${where} is already in use. Stop what uses it, or choose another --port (0 takes any free port).`;
    if (e.code === 'EACCES') return `Permission denied to listen on ${where}: ports below 1024 need administrator rights. Choose another --port, such as 4173.`;
    if (e.code === 'EADDRNOTAVAIL') return `${e.address ?? 'That address'} is not an address of this machine. Choose another --host (127.0.0.1 is this machine only).`;
    return `Cannot listen on ${where} (${e.code}). Choose another --port or --host.`;
  }
  if (!e.path) return null;
  const path = e.path;
  const full = resolve(path);
  const onTheWayOut = out !== undefined && (full === out || full.startsWith(out + sep) || out.startsWith(full + sep));
  // Looking at the folders on the way to --out is part of creating it.
  const action = onTheWayOut && ['stat', 'lstat', 'mkdir'].includes(e.syscall ?? '') ? 'create the folder' : (ACTIONS[e.syscall ?? ''] ?? 'use');
  // The command's own errors about a path name no system call: they come from making the output folder.
  const writing = onTheWayOut || !e.syscall || ['mkdir', 'write', 'rename', 'mkdtemp', 'fsync'].includes(e.syscall);
  const elsewhere = writing ? ' or choose another --out folder' : '';
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return `Permission denied: cannot ${action} ${path}. Check the permissions of it and of its folder${elsewhere}.`;
    case 'ENOENT':
      return `Cannot ${action} ${path}: it does not exist. Check the path, and that its folder exists.`;
    case 'ENOSPC':
      return `The disk is full: cannot ${action} ${path}. Free some space${writing ? ', or choose an --out folder on another disk' : ''}.`;
    case 'EDQUOT':
      return `Your disk quota is used up: cannot ${action} ${path}. Free some space${writing ? ', or choose an --out folder on another disk' : ''}.`;
    case 'EROFS':
      return `Cannot ${action} ${path}: it is on a read-only disk. Choose a folder on a disk that can be written${writing ? ' with --out' : ''}.`;
    case 'ENOTDIR': {
      const file = fileInTheWay(path);
      if (file === full && !e.syscall) return `${file} is a file, where a folder is needed. Choose another --out folder, or move that file away.`;
      return file
        ? `Cannot ${action} ${path}: ${file} is a file, not a folder. Choose another ${writing ? '--out folder' : 'path'}, or move that file away.`
        : `Cannot ${action} ${path}: part of that path is a file, not a folder. Choose another path.`;
    }
    case 'EISDIR':
      return `Cannot ${action} ${path}: it is a folder, where a file is needed. Name a file instead.`;
    case 'EEXIST':
      return e.syscall === 'mkdir'
        ? `Cannot create the folder ${path}: a file of that name is already there. Choose another --out folder, or move the file away.`
        : `Cannot ${action} ${path}: something of that name is already there. Choose another name, or move it away.`;
    case 'EMFILE':
    case 'ENFILE':
      return `Too many files are open to ${action} ${path}. Run with a smaller --jobs, or raise the limit (ulimit -n).`;
    case 'ENAMETOOLONG':
      return `The path ${path} is too long for this system. Choose a shorter folder or file name.`;
    case 'ELOOP':
      return `${path} leads through a loop of symbolic links. Fix the links, or name another path.`;
    case 'EBUSY':
      return `${path} is in use by another program. Try again once it is free.`;
    case 'EIO':
      return `The disk failed while trying to ${action} ${path}. Check the disk, then try again.`;
    case 'EXDEV':
      return `Cannot ${action} ${e.dest ?? path}: it is on another disk than ${path}. Choose an --out folder on the same disk.`;
    default:
      return `Cannot ${action} ${path} (${e.code}: ${e.message.replace(/^[A-Z]+: /, '')}).`;
  }
}
