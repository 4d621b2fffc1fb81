/**
 * "Keep what the owner set": a restrictions-only PDF (encrypted with an empty
 * open password and an owner password that forbids printing and copying)
 * keeps its owner's restrictions through every tool that makes a PDF of it,
 * on every host, because the run core puts them back (src/core/run-files.ts,
 * src/lib/pdf/owner-restrictions.ts). Unlock PDF, whose job is removing them,
 * and Protect PDF, which sets its own, are the exceptions. The results are
 * judged by the system's qpdf: encrypted as the original, opening without a
 * password, the owner's password still lifting the restrictions, the pages
 * all there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { OptionValues, ToolManifest } from '../schemas/manifest';
import { defaultOptions } from '../src/contract/options';
import { defineProcessor, type ProcessorModule } from '../src/contract/processor';
import { factsOf } from '../src/core/facts';
import { nameOutputs } from '../src/core/naming';
import { loadProcessor } from '../src/core/processor-modules';
import { runChain } from '../src/core/run-chain';
import { runFiles, type FilesRun } from '../src/core/run-files';
import { stepCall } from '../src/core/step';
import type { ToolResult } from '../src/core/tool-result';
import { runFolderBatch } from '../src/engine/batch/batch-run';
import { listFolder } from '../src/engine/batch/folder';
import { toolBatch, type LaneFactory } from '../src/engine/batch/tool-batch';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from '../src/lib/pdf/qpdf';
import { unlockLink } from '../src/lib/pdf/messages';
import { forbiddenActions, restrictionsLostMessage, restrictionsNote, type OwnerPermissions } from '../src/lib/pdf/owner-restrictions';
import { readManifest } from '../src/manifests/read';
import { createPdfCompressor } from '../src/processors/pdf-compressor';
import { restrictionsRemovedNotice } from '../src/processors/unlock-pdf';
import { cliBundle } from './support/cli-bundle';
import { hasJudges, itJudgedBy } from './support/judges';
import { asHandle, MemoryDir } from './support/memory-folder';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { numberedTextPdf } from './fixtures/pdf/make';

// The real qpdf, watched: a run without an encrypted input must never start it.
vi.mock('../src/lib/pdf/qpdf', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/lib/pdf/qpdf')>();
  return { ...actual, runQpdf: vi.fn(actual.runQpdf) };
});

const OWNER = 'owner-pass';
const NOTE = "Kept the owner's restrictions: printing and copying stay off, as in the original.";
const NO_PRINT_NO_COPY = ['--print=none', '--extract=n'];

/** A restrictions-only copy: empty open password, the owner password OWNER, these permissions. */
async function restricted(bytes: Uint8Array, permissions: string[] = NO_PRINT_NO_COPY, method: string[] = ['--bits=256']): Promise<Uint8Array> {
  const run = await runQpdf(
    ['--allow-weak-crypto', '--encrypt', '--user-password=', `--owner-password=${OWNER}`, ...method, ...permissions, '--', INPUT_PATH, OUTPUT_PATH],
    bytes,
  );
  if (!run.output) throw new Error(`qpdf failed: ${run.stderr}`);
  return run.output;
}

// ---------- the judge: the system's qpdf ----------

let work = '';
let files = 0;
function qpdf(args: string[], bytes: Uint8Array): string {
  const file = join(work, `judged-${++files}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('qpdf', [...args, file], { encoding: 'utf8' });
  return run.stdout + run.stderr;
}
/** The revision, P value and every permission line of `qpdf --show-encryption`. */
const permissionLines = (shown: string) => shown.split('\n').filter((line) => /^(R|P) = |: (not )?allowed$/.test(line));
const pageCount = (bytes: Uint8Array) => Number(qpdf(['--show-npages'], bytes).trim());

/**
 * The output is encrypted exactly as `original` (same revision, P value and
 * permissions), opens without a password, and the owner's password still
 * lifts the restrictions; it has `pages` pages.
 */
function expectKept(output: Uint8Array, original: Uint8Array, pages: number) {
  const shown = qpdf(['--show-encryption'], output);
  expect(shown).toContain('Supplied password is user password');
  expect(permissionLines(shown)).toEqual(permissionLines(qpdf(['--show-encryption'], original)));
  expect(permissionLines(shown)).toContain('print high resolution: not allowed');
  expect(qpdf([`--password=${OWNER}`, '--show-encryption'], output)).toContain('Supplied password is owner password');
  expect(pageCount(output)).toBe(pages);
}

const notEncrypted = (bytes: Uint8Array) => expect(qpdf(['--show-encryption'], bytes)).toContain('File is not encrypted');

// ---------- the hosts ----------

const manifests = new Map<string, ToolManifest>();
const manifestOf = (slug: string) => manifests.get(slug) ?? manifests.set(slug, readManifest(slug)).get(slug)!;
const valuesOf = (slug: string, options: OptionValues = {}) => ({ ...defaultOptions(manifestOf(slug).options), ...options });
const pdfFile = (name: string, bytes: Uint8Array) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
const bytesOf = async (result: ToolResult) => new Uint8Array(await result.blob.arrayBuffer());

/** Compresses with pdf-lib alone and Node's JPEG codec: the page's Ghostscript and canvas are not needed here. */
const processorFor = (name: string): Promise<ProcessorModule> =>
  name === 'pdf-compressor' ? Promise.resolve(createPdfCompressor(napiJpegCodec, null) as ProcessorModule) : loadProcessor(name);

/** A lane that runs the processor in place, as the worker does (runner.worker.ts): runFiles over the files. */
const inPlace: LaneFactory = () => ({
  async run(processor, files, options, signal, onProgress, each, fields): Promise<FilesRun> {
    const sources = files.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
    return runFiles(await processorFor(processor), sources, options, { signal, onProgress, each: !!each, fields });
  },
  close() {},
});

/** The tool page: stepCall, the worker's runFiles, nameOutputs, as useToolRun runs a tool. */
async function pageRun(slug: string, files: File[], options: OptionValues = {}): Promise<{ results: ToolResult[]; run: FilesRun }> {
  const manifest = manifestOf(slug);
  const values = valuesOf(slug, options);
  const call = stepCall(manifest, values, factsOf(files));
  const run = await inPlace(call.processor).run(call.processor, files, call.options, new AbortController().signal, () => undefined, call.each, call.contract);
  return { results: nameOutputs(manifest, files, run.outputs, values), run };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-owner-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a restrictions-only PDF keeps its owner restrictions', () => {
  // Each tool with the options it needs, and the pages each output should have (the input has 3).
  const tools: [string, OptionValues, number[]][] = [
    ['rotate-pdf', {}, [3]],
    ['add-page-numbers', {}, [3]],
    ['split-pdf', { ranges: '1, 2-3' }, [1, 2]],
    ['add-watermark', {}, [3]],
    ['pdf-compressor', {}, [3]],
    ['rearrange-pdf', { order: [2, 0, 1] } as unknown as OptionValues, [3]],
  ];

  itJudgedBy(
    'qpdf',
    'through rotate, page numbers, split (on each part), watermark, compress and rearrange, with the note on each result',
    async () => {
      const original = await restricted(await numberedTextPdf(3));
      for (const [slug, options, pages] of tools) {
        const { results, run } = await pageRun(slug, [pdfFile('report.pdf', original)], options);
        expect(run.failures, slug).toEqual([]);
        expect(results.map((r) => r.note), slug).toEqual(pages.map(() => NOTE));
        for (const [i, result] of results.entries()) expectKept(await bytesOf(result), original, pages[i]);
      }
    },
    120_000,
  );

  itJudgedBy('qpdf', 'with the encryption it had: AES-128 and RC4-128 as well as AES-256', async () => {
    for (const method of [['--bits=128', '--use-aes=y'], ['--bits=128', '--use-aes=n']]) {
      const original = await restricted(await numberedTextPdf(2), NO_PRINT_NO_COPY, method);
      const { results } = await pageRun('rotate-pdf', [pdfFile('old.pdf', original)]);
      expect(results[0].note).toBe(NOTE);
      expectKept(await bytesOf(results[0]), original, 2);
    }
  });

  itJudgedBy('qpdf', 'on the results of the restricted files of a run only', async () => {
    const original = await restricted(await numberedTextPdf(2));
    const { results } = await pageRun('rotate-pdf', [pdfFile('plain.pdf', await numberedTextPdf(1)), pdfFile('locked.pdf', original)]);
    expect(results.map((r) => [r.originalName, r.note])).toEqual([
      ['plain.pdf', undefined],
      ['locked.pdf', NOTE],
    ]);
    notEncrypted(await bytesOf(results[0]));
    expectKept(await bytesOf(results[1]), original, 2);
  });

  itJudgedBy('qpdf', 'but not through Unlock PDF, whose job is removing them, nor Protect PDF, which sets its own', async () => {
    const original = await restricted(await numberedTextPdf(2));
    const unlocked = await pageRun('unlock-pdf', [pdfFile('report.pdf', original)]);
    expect(unlocked.results[0].note).toBeUndefined();
    expect(unlocked.run.outputs[0].notice).toBe(restrictionsRemovedNotice());
    notEncrypted(await bytesOf(unlocked.results[0]));
    expect(pageCount(await bytesOf(unlocked.results[0]))).toBe(2);

    const protectedPdf = await pageRun('protect-pdf', [pdfFile('report.pdf', original)], { password: 'visitor-secret' });
    const bytes = await bytesOf(protectedPdf.results[0]);
    expect(protectedPdf.results[0].note).toBeUndefined();
    // The visitor's password is needed to open it, and the owner's old one does nothing.
    expect(qpdf(['--show-encryption'], bytes)).toContain('Incorrect password supplied');
    expect(qpdf([`--password=${OWNER}`, '--show-encryption'], bytes)).toContain('Incorrect password supplied');
    const opened = qpdf(['--password=visitor-secret', '--show-encryption'], bytes);
    expect(opened).toContain('Supplied password is user password');
    expect(opened).toContain('print high resolution: allowed');
  });

  it('leaves a result that is not a PDF as it is', async () => {
    const original = await restricted(await numberedTextPdf(2));
    const { results } = await pageRun('extract-text-from-pdf', [pdfFile('report.pdf', original)]);
    expect(results).toHaveLength(1);
    expect(results[0].note).toBeUndefined();
    expect(await results[0].blob.text()).toContain('Page 2 of 2');
  });

  it('fails a result it cannot put them back on, rather than hand it out without them', async () => {
    const original = await restricted(await numberedTextPdf(1));
    // Starts like a PDF, but qpdf finds nothing in it to encrypt.
    const broken = defineProcessor(z.object({}), async () => [{ bytes: new TextEncoder().encode('%PDF-1.7\nno objects'), type: 'application/pdf' }]);
    const sources = [original, await numberedTextPdf(1)].map((bytes, i) => ({ name: `${i}.pdf`, type: 'application/pdf', read: async () => bytes }));
    const run = await runFiles(broken, sources, {}, { signal: new AbortController().signal, onProgress: () => undefined, each: true });
    expect(run.outputs.map((o) => o.source)).toEqual([1]);
    expect(run.failures).toEqual([{ name: '0.pdf', message: restrictionsLostMessage('0.pdf'), link: unlockLink() }]);
  });

  it('is left to the processors that decide encryption themselves, and to them only', async () => {
    for (const name of ['unlock-pdf', 'protect-pdf', 'pdf-compressor']) expect((await loadProcessor(name)).ownsEncryption, name).toBe(true);
    for (const name of ['rotate-pdf', 'merge-pdf', 'split-pdf']) expect((await loadProcessor(name)).ownsEncryption, name).toBeUndefined();
  });

  it('costs an unencrypted PDF nothing: qpdf is never started', async () => {
    const plain = await numberedTextPdf(2);
    vi.mocked(runQpdf).mockClear();
    const { results } = await pageRun('rotate-pdf', [pdfFile('plain.pdf', plain)]);
    expect(results[0].note).toBeUndefined();
    expect(runQpdf).not.toHaveBeenCalled();
  });
});

describe('a combining tool (Merge)', () => {
  itJudgedBy('qpdf', 'keeps the encryption of the one restricted file, naming it', async () => {
    const original = await restricted(await numberedTextPdf(2));
    const { results } = await pageRun('merge-pdf', [pdfFile('plain.pdf', await numberedTextPdf(1)), pdfFile('locked.pdf', original)]);
    expect(results[0].note).toBe("Kept the owner's restrictions: printing and copying stay off, as in locked.pdf.");
    expectKept(await bytesOf(results[0]), original, 3);
  });

  itJudgedBy('qpdf', 'keeps the encryption of the strictest file when it forbids all the others forbid', async () => {
    const strict = await restricted(await numberedTextPdf(1));
    const milder = await restricted(await numberedTextPdf(2), ['--print=none']);
    const { results } = await pageRun('merge-pdf', [pdfFile('a.pdf', milder), pdfFile('b.pdf', strict)]);
    expect(results[0].note).toBe("Kept the owners' restrictions: printing and copying stay off, as in a.pdf and b.pdf.");
    expectKept(await bytesOf(results[0]), strict, 3);
  });

  itJudgedBy('qpdf', 'gives files that forbid different things every restriction either set, under a new owner password', async () => {
    const noPrint = await restricted(await numberedTextPdf(1), ['--print=none']);
    const noCopy = await restricted(await numberedTextPdf(1), ['--extract=n']);
    const { results } = await pageRun('merge-pdf', [pdfFile('a.pdf', noPrint), pdfFile('b.pdf', noCopy)]);
    const bytes = await bytesOf(results[0]);
    expect(results[0].note).toBe("Kept the owners' restrictions: printing and copying stay off, as in a.pdf and b.pdf.");
    const shown = qpdf(['--show-encryption'], bytes);
    expect(shown).toContain('Supplied password is user password');
    expect(shown).toContain('print low resolution: not allowed');
    expect(shown).toContain('extract for any purpose: not allowed');
    expect(shown).toContain('modify other: allowed');
    expect(qpdf([`--password=${OWNER}`, '--show-encryption'], bytes)).toContain('Incorrect password supplied');
    expect(pageCount(bytes)).toBe(2);
  });
});

describe('on every host', () => {
  itJudgedBy('qpdf', 'a workflow: each step puts them back, and the last result says so', async () => {
    const original = await restricted(await numberedTextPdf(3));
    const steps = [
      { manifest: manifestOf('rotate-pdf'), options: valuesOf('rotate-pdf') },
      { manifest: manifestOf('add-page-numbers'), options: valuesOf('add-page-numbers') },
    ];
    const { results, failures } = await runChain(steps, [pdfFile('report.pdf', original)], new AbortController().signal, () => undefined, (...args) =>
      inPlace(args[0]).run(...args),
    );
    expect(failures).toEqual([]);
    expect(results[0].note).toBe(NOTE);
    expectKept(await bytesOf(results[0]), original, 3);
  });

  itJudgedBy('qpdf', "the site's folder batch: the file's row says so", async () => {
    const original = await restricted(await numberedTextPdf(2));
    const input = new MemoryDir('papers');
    input.put('report.pdf', original);
    const output = new MemoryDir('results');
    const target = toolBatch(manifestOf('rotate-pdf'), inPlace);
    const run = await runFolderBatch({
      target,
      values: valuesOf('rotate-pdf'),
      inputs: await listFolder(asHandle(input), target.extensions),
      inputDir: asHandle(input),
      outputDir: asHandle(output),
      lanes: 1,
      stop: new AbortController().signal,
      onRow: () => undefined,
    });
    if ('refused' in run) throw new Error(run.refused);
    expect(run.rows.map((r) => [r.status, r.message])).toEqual([['done', NOTE]]);
    expectKept(output.files().get(run.rows[0].outputs[0])!, original, 2);
  });

  it.skipIf(!hasJudges('qpdf'))(
    'the command: the report says so',
    async () => {
      const dir = cliBundle('filedesk-cli-owner-restrictions');
      const original = await restricted(await numberedTextPdf(2));
      const inputDir = join(work, 'cli-in');
      const out = join(work, 'cli-out');
      mkdirSync(inputDir, { recursive: true });
      writeFileSync(join(inputDir, 'report.pdf'), original);
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [join(dir, 'filedesk.js'), 'rotate-pdf', join(inputDir, 'report.pdf'), '--out', out, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(text));
      });
      const rows = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { status: string; message: string });
      expect(rows.map((r) => [r.status, r.message])).toEqual([['done', NOTE]]);
      const [made] = readdirSync(out).filter((name) => name.endsWith('.pdf'));
      expectKept(new Uint8Array(readFileSync(join(out, made))), original, 2);
    },
    300_000,
  );
});

describe('the note', () => {
  const all: OwnerPermissions = {
    printlow: true,
    printhigh: true,
    extract: true,
    accessibility: true,
    modifyother: true,
    modifyannotations: true,
    modifyforms: true,
    modifyassembly: true,
  };

  it('names what the owner forbade, in the words of a reader', () => {
    expect(forbiddenActions({ ...all, printlow: false, printhigh: false, extract: false })).toEqual(['printing', 'copying']);
    expect(forbiddenActions({ ...all, printhigh: false })).toEqual(['high-quality printing']);
    expect(forbiddenActions({ ...all, modifyother: false, modifyannotations: false, modifyforms: false, modifyassembly: false })).toEqual(['editing']);
    expect(forbiddenActions({ ...all, modifyannotations: false, modifyassembly: false })).toEqual(['commenting', 'page assembly']);
    expect(forbiddenActions(all)).toEqual([]);
  });

  it('says what stays off, and what it came from', () => {
    expect(restrictionsNote({ ...all, printlow: false, printhigh: false, extract: false }, 'the original')).toBe(NOTE);
    expect(restrictionsNote({ ...all, printlow: false, printhigh: false }, 'the original')).toBe("Kept the owner's restrictions: printing stays off, as in the original.");
    expect(restrictionsNote({ ...all, extract: false, modifyother: false, modifyforms: false }, 'a.pdf and b.pdf', 2)).toBe(
      "Kept the owners' restrictions: copying, editing and form filling stay off, as in a.pdf and b.pdf.",
    );
    expect(restrictionsNote(all, 'the original')).toBe('Kept the owner password of the original, which restricts nothing.');
  });
});
