/**
 * PDF corpus run (`npm run corpus:pdf`): every tool that takes PDFs and runs
 * on the command line, over every file of ../shared/corpus/pdf, through the
 * built command line (dist-cli): the same manifests, options check, processors
 * and per-file failure handling as the site's worker and batch mode.
 *
 * Each file ends as one of: ok (every output reopens: PDFs with pdf-lib and,
 * when installed, `qpdf --check`; Office files as ZIPs; text as UTF-8), a
 * specific message (the file failed with the tool's own words), a generic
 * message (the site's crash message), a bad output, or a hang (the tool gave
 * no answer for it within HANG_MS per file).
 *
 * Prints one table and every distinct specific message. Exits with status 1
 * when any file gets a generic message, a bad output or hangs.
 * Options: --tool <slug> runs one tool; --dir <folder> runs another folder of
 * PDFs; --keep keeps the output folders.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { readManifests } from '../src/manifests/read';
import { crashMessage } from '../src/core/run-shape';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(root, 'dist-cli/filedesk.js');
const HANG_MS = 60_000;
/** The password Protect PDF is given, with which its outputs are opened again. */
const PASSWORD = 'corpus-pass-1';

/** Options a tool needs on the command line beyond its defaults (a required value with no default). */
const EXTRA_OPTIONS: Record<string, string[]> = {
  'split-pdf': ['--method', 'every', '--everyN', '1'],
  'protect-pdf': ['--password', PASSWORD],
  // Common words, so most files with text have something to redact.
  'redact-pdf': ['--emails', '--phones', '--words', 'the, and, of, a'],
};

type Outcome = 'ok' | 'specific' | 'generic' | 'bad output' | 'hang';

interface Row {
  input: string;
  status: string;
  outputs: string[];
  message: string;
}

const args = process.argv.slice(2);
const only = args.includes('--tool') ? args[args.indexOf('--tool') + 1] : undefined;
const keep = args.includes('--keep');
const CORPUS = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : join(root, '../shared/corpus/pdf');
const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

async function outputProblem(path: string, password?: string): Promise<string | null> {
  const bytes = readFileSync(path);
  if (bytes.length === 0) return 'empty output';
  if (/\.pdf$/i.test(path)) {
    // pdf-lib cannot decrypt: an encrypted output is checked by qpdf alone.
    if (!password)
      try {
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        if (doc.getPageCount() === 0) return 'a PDF without pages';
      } catch (error) {
        return `pdf-lib cannot reopen it: ${String(error).slice(0, 120)}`;
      }
    if (hasQpdf) {
      // Exit code 3 is qpdf's "warnings only": the file is readable.
      const check = spawnSync('qpdf', [...(password ? [`--password=${password}`] : []), '--check', path], { encoding: 'utf8' });
      if (check.status !== 0 && check.status !== 3) return `qpdf --check: ${(check.stdout + check.stderr).split('\n').find((l) => /error|damaged/i.test(l)) ?? check.status}`;
    }
    return null;
  }
  if (/\.(docx|xlsx|pptx|zip)$/i.test(path)) return bytes[0] === 0x50 && bytes[1] === 0x4b ? null : 'not a ZIP package';
  if (/\.(jpe?g)$/i.test(path)) return bytes[0] === 0xff && bytes[1] === 0xd8 ? null : 'not a JPEG';
  if (/\.png$/i.test(path)) return bytes[0] === 0x89 ? null : 'not a PNG';
  if (/\.txt$/i.test(path)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return null;
    } catch {
      return 'text that is not UTF-8';
    }
  }
  return null;
}

/** Runs one tool over the whole folder; resolves with the JSON rows it printed before it finished or hung. */
function runTool(slug: string, out: string, paths: string[] = [CORPUS]): Promise<{ rows: Row[]; usage?: string }> {
  return new Promise((resolve) => {
    const child = spawn('node', [CLI, slug, ...(EXTRA_OPTIONS[slug] ?? []), '--json', '--jobs', '2', '--out', out, ...paths], { cwd: root });
    const rows: Row[] = [];
    let stdout = '';
    let stderr = '';
    let timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS * 2);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      let end;
      while ((end = stdout.indexOf('\n')) !== -1) {
        rows.push(JSON.parse(stdout.slice(0, end)) as Row);
        stdout = stdout.slice(end + 1);
        // Every answer restarts the clock: a hang is a file with no answer for HANG_MS.
        clearTimeout(timer);
        timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 2 ? { rows, usage: stderr.trim().split('\n').pop() } : { rows });
    });
  });
}

/**
 * A tool that takes exactly two files (Compare PDFs) runs once per corpus file, on two copies of it;
 * the run's answer is that file's answer.
 */
async function runPairs(slug: string, out: string, inputs: string[]): Promise<{ rows: Row[]; usage?: string }> {
  const rows: Row[] = [];
  for (const name of inputs) {
    const pair = mkdtempSync(join(tmpdir(), 'corpus-pair-'));
    for (const copy of ['1-older', '2-newer']) copyFileSync(join(CORPUS, name), join(pair, `${copy}-${name}`));
    const run = await runTool(slug, out, [pair]);
    rmSync(pair, { recursive: true, force: true });
    if (run.usage) return run;
    const failed = run.rows.find((r) => r.status === 'failed');
    const answer = failed ?? run.rows[0];
    if (answer) rows.push({ ...answer, input: name, message: answer.message.replaceAll(`1-older-${name}`, name).replaceAll(`2-newer-${name}`, name) });
  }
  return { rows };
}

async function main(): Promise<void> {
  if (!existsSync(CORPUS)) {
    console.log(`No corpus at ${CORPUS}: nothing to run.`);
    return;
  }
  if (!existsSync(CLI)) execFileSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' });
  const inputs = readdirSync(CORPUS).filter((n) => n.toLowerCase().endsWith('.pdf'));
  const tools = readManifests().filter((m) => m.processor && Object.values(m.accept).flat().includes('.pdf') && (!only || m.slug === only));
  const table: Record<string, Record<string, number | string>> = {};
  const messages = new Map<string, number>();
  const problems: string[] = [];
  const siteOnly: string[] = [];

  for (const tool of tools) {
    const out = mkdtempSync(join(tmpdir(), `corpus-${tool.slug}-`));
    const started = performance.now();
    const { rows, usage } = tool.limits.minFiles >= 2 && tool.limits.maxFiles === 2 ? await runPairs(tool.slug, out, inputs) : await runTool(tool.slug, out);
    if (usage) {
      siteOnly.push(`${tool.slug}: ${usage}`);
      rmSync(out, { recursive: true, force: true });
      continue;
    }
    const tally: Record<Outcome, number> = { ok: 0, specific: 0, generic: 0, 'bad output': 0, hang: 0 };
    for (const row of rows) {
      let outcome: Outcome;
      if (row.status === 'failed') {
        outcome = row.message.startsWith(crashMessage()) ? 'generic' : 'specific';
        if (outcome === 'specific') {
          const key = `${tool.slug}: ${row.message.replaceAll(row.input, '{file}')}`;
          messages.set(key, (messages.get(key) ?? 0) + 1);
        }
      } else {
        const bad = (await Promise.all(row.outputs.map((o) => outputProblem(join(out, o), tool.slug === 'protect-pdf' ? PASSWORD : undefined)))).find(Boolean);
        outcome = bad ? 'bad output' : 'ok';
        if (bad) problems.push(`${tool.slug} ${row.input}: ${bad}`);
      }
      if (outcome === 'generic') problems.push(`${tool.slug} ${row.input}: generic message`);
      tally[outcome]++;
    }
    // A combined tool (Merge PDF) answers once for all its files.
    const answered = tool.simulation.outputs === 'each' || tool.limits.maxFiles === 2 ? rows.length : rows.length ? inputs.length : 0;
    tally.hang = Math.max(0, inputs.length - answered);
    if (tally.hang) problems.push(`${tool.slug}: ${tally.hang} files without an answer within ${HANG_MS / 1000} s`);
    table[tool.slug] = { files: inputs.length, ...tally, 'time (s)': ((performance.now() - started) / 1000).toFixed(1) };
    if (!keep) rmSync(out, { recursive: true, force: true });
    else console.log(`${tool.slug}: outputs in ${out}`);
  }

  console.log(`\nPDF corpus (${inputs.length} files in ${CORPUS}), through the command line${hasQpdf ? ', outputs checked with qpdf' : ''}:`);
  console.table(table);
  if (siteOnly.length) console.log(`Not run on the command line:\n  ${siteOnly.join('\n  ')}`);
  console.log('\nSpecific messages:');
  for (const [message, count] of [...messages].sort()) console.log(`  ${count} x ${message}`);
  if (problems.length) {
    console.log('\nProblems:');
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  }
}

await main();
