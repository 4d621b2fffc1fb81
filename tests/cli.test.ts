/**
 * The `filedesk` command (src/cli/), built as it ships (vite.cli.config.ts)
 * into node_modules/.cache/filedesk-cli-test, or taken from FILEDESK_CLI_DIR
 * when set, and run as a user runs it on generated files: outputs read back
 * (pdf-lib page counts, decoded pixels, parsed CSV rows), exit codes, --json
 * lines, --shard, resume; and `filedesk serve`'s URLs and headers.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, UsageError } from '../src/cli/args';
import { shardOf } from '../src/cli/inputs';
import { createSiteServer, IMMUTABLE, SECURITY_HEADERS } from '../src/cli/serve';
import { ISOLATION_HEADERS } from '../src/lib/threads';
import { readManifest, readManifestFiles, readWorkflowFiles } from '../src/manifests/read';
import { cliBundle, gradient, runFiledesk, type CliResult, gradientJpg, gradientPng, labelledPdf, meanDifference } from './support/cli-bundle';

let BUNDLE_DIR = '';
const cli = () => join(BUNDLE_DIR, 'filedesk.js');
let work: string;

type Result = CliResult;

/** Runs the command as a user would, from `cwd` (the work folder by default). */
const filedesk = (args: string[], cwd = work): Promise<Result> => runFiledesk(BUNDLE_DIR, args, cwd);

interface Line {
  input: string;
  status: string;
  output: string | null;
  outputs: string[];
  bytesIn: number;
  bytesOut: number;
  ms: number;
  message: string;
}

const lines = (stdout: string): Line[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

function write(path: string, bytes: Uint8Array | string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-cli-test-'));
  BUNDLE_DIR = cliBundle('filedesk-cli-test');
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the command line, piece by piece', () => {
  const fields = [
    { name: 'quality', type: 'slider' as const },
    { name: 'lossless', type: 'toggle' as const },
    { name: 'text', type: 'textarea' as const },
  ];

  it('reads option values by field type: toggles take no value, others take the next word or =value', () => {
    expect(parseRunArgs(['--lossless', 'a.png', '--quality', '70', '--out', 'o', 'b.png', '--jobs=3', '--json'], fields)).toEqual({
      flags: { out: 'o', jobs: 3, json: true, overwrite: false, verbose: false, quiet: false, help: false },
      values: { lossless: true, quality: '70' },
      paths: ['a.png', 'b.png'],
    });
    expect(parseRunArgs(['--no-lossless', '--text=--not a flag', '--', '--odd-name.png'], fields).values).toEqual({ lossless: false, text: '--not a flag' });
    expect(parseRunArgs(['--', '--odd-name.png'], fields).paths).toEqual(['--odd-name.png']);
    expect(parseRunArgs(['--shard', '2/5'], fields).flags.shard).toEqual({ index: 2, count: 5 });
    for (const bad of [['--quality'], ['--jobs', '0'], ['--shard', '5/5'], ['--nope', '1'], ['--quality', '1', '--quality', '2'], ['--no-quality']])
      expect(() => parseRunArgs(bad, fields), bad.join(' ')).toThrow(UsageError);
  });

  it('splits inputs into shards by path alone: each in exactly one, evenly, whatever else is listed', () => {
    const paths = Array.from({ length: 2000 }, (_, i) => ({ path: `scans/${i % 17}/page-${i}.pdf` }));
    const shards = Array.from({ length: 7 }, (_, i) => shardOf(paths, i, 7));
    expect(shards.flat().map((p) => p.path).sort()).toEqual(paths.map((p) => p.path).sort());
    for (const shard of shards) expect(Math.abs(shard.length - 2000 / 7)).toBeLessThan(60);
    // Adding files does not move the others between shards.
    const more = shardOf([...paths, { path: 'new/extra.pdf' }], 3, 7).map((p) => p.path);
    expect(more.filter((p) => p !== 'new/extra.pdf')).toEqual(shards[3].map((p) => p.path));
  });
});

describe('filedesk list and help', () => {
  it('lists every tool and workflow from the manifests, and says which run only on the site and why', async () => {
    const listed = await filedesk(['list', '--json']);
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout) as { slug: string; kind: string; cli: boolean; siteOnly?: string }[];
    const workflowSlugs = readWorkflowFiles().map((f) => f.slug);
    expect(entries.filter((e) => e.kind === 'tool').map((e) => e.slug).sort()).toEqual(readManifestFiles().map((f) => f.slug).sort());
    expect(entries.filter((e) => e.kind === 'workflow').map((e) => e.slug).sort()).toEqual(workflowSlugs.sort());
    for (const e of entries) expect(e.cli ? e.siteOnly === undefined : (e.siteOnly?.length ?? 0) > 10, e.slug).toBe(true);
    const bySlug = new Map(entries.map((e) => [e.slug, e]));
    for (const slug of ['pdf-compressor', 'image-compressor', 'csv-to-excel', 'split-csv', 'heic-to-jpg', 'photos-to-compact-pdf', 'create-pdf', 'text-case-converter'])
      expect(bySlug.get(slug)?.cli, slug).toBe(true);
    expect(bySlug.get('gif-to-mp4')?.siteOnly).toMatch(/WebCodecs/);
    expect(bySlug.get('crop-pdf')?.siteOnly).toMatch(/only its own page can give/);

    const text = await filedesk(['list']);
    expect(text.stdout).toMatch(/^ {2}pdf-compressor +PDF Compressor \(\.pdf\)$/m);
    expect(text.stdout).toMatch(/Only on the site[\s\S]*gif-to-mp4 +encodes H\.264/);
  });

  it("writes a tool's help from its manifest: options, defaults, allowed values, limits, inputs and outputs", async () => {
    const manifest = readManifest('pdf-compressor');
    const help = await filedesk(['help', 'pdf-compressor']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('filedesk pdf-compressor [options] <files or folders...> --out <folder>');
    expect(help.stdout).toContain(`at most ${manifest.limits.maxBytes / 1048576} MB a file`);
    expect(help.stdout).toMatch(/Takes +\.pdf/);
    expect(help.stdout).toContain(`Named      ${manifest.output.name}`);
    for (const field of manifest.options) expect(help.stdout).toContain(`--${field.name}`);
    expect(help.stdout).toContain('one of low, medium or high; default "medium"');
    expect(help.stdout).toContain('--targetSize / --no-targetSize');
    expect((await filedesk(['pdf-compressor', '--help'])).stdout).toBe(help.stdout);
    const workflow = await filedesk(['help', 'merge-and-protect-pdfs']);
    expect(workflow.stdout).toMatch(/1\. merge-pdf[\s\S]*2\. protect-pdf/);
    expect(workflow.stdout).toContain('--password <value>');
  });
});

describe('filedesk usage errors', () => {
  it.each([
    [['image-compressor', '--quality', '150', 'x.jpg', '--out', 'o'], /Invalid value 150 for --quality: it takes a number from 10 to 100/],
    [['image-compressor', '--format', 'gif', 'x.jpg', '--out', 'o'], /--format: it takes one of original, jpg, png, webp, avif or jxl/],
    [['image-compressor', '--qualty', '50', 'x.jpg', '--out', 'o'], /Unknown option --qualty\. Its options are --quality, --format/],
    [['png-to-webp', '--lossless=maybe', 'x.png', '--out', 'o'], /--lossless is on or off/],
    [['image-compresor', 'x.jpg', '--out', 'o'], /Unknown tool or workflow "image-compresor"\. Did you mean image-compressor\?/],
    [['image-compressor', 'x.jpg'], /--out <folder>/],
    [['image-compressor', 'missing.jpg', '--out', 'o'], /No such file or folder: missing\.jpg/],
    [['image-compressor', '--shard', '2/2', 'x.jpg', '--out', 'o'], /--shard takes i\/n/],
    [['gif-to-mp4', 'x.gif', '--out', 'o'], /gif-to-mp4 runs only on the site.*WebCodecs/],
    [['merge-pdf', '--shard', '0/2', 'x.pdf', '--out', 'o'], /cannot split them/],
  ])('%j exits with 2 and says what is wrong', async (args, message) => {
    const run = await filedesk(args);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
    expect(existsSync(join(work, 'o'))).toBe(false);
  });
});

describe('filedesk on files', () => {
  it('runs a PDF tool over a folder file by file: JSON lines, outputs under the same paths, a bad file fails alone, inputs untouched', async () => {
    const inDir = join(work, 'pdfs');
    write(join(inDir, 'a', 'one.pdf'), await labelledPdf(2, 'One'));
    write(join(inDir, 'b', 'two.pdf'), await labelledPdf(3, 'Two'));
    write(join(inDir, 'bad.pdf'), 'this is not a PDF at all');
    write(join(inDir, 'notes.txt'), 'not taken by the tool');
    const before = new Map(['a/one.pdf', 'b/two.pdf', 'bad.pdf'].map((p) => [p, readFileSync(join(inDir, p))]));

    const run = await filedesk(['pdf-compressor', '--level', 'high', 'pdfs', '--out', 'pdf-out', '--json', '--jobs', '2']);
    expect(run.code).toBe(1);
    const rows = lines(run.stdout).sort((x, y) => x.input.localeCompare(y.input));
    expect(rows.map((r) => [r.input, r.status])).toEqual([
      ['a/one.pdf', 'done'],
      ['b/two.pdf', 'done'],
      ['bad.pdf', 'failed'],
    ]);
    expect(rows[0]).toMatchObject({ output: 'a/compressed-one.pdf', outputs: ['a/compressed-one.pdf'], bytesIn: before.get('a/one.pdf')!.length });
    expect(rows[0].bytesOut).toBeGreaterThan(0);
    expect(rows[0].ms).toBeGreaterThan(0);
    expect(rows[2].message).toBe('The file bad.pdf is not a PDF. Please choose a PDF file.');
    expect(run.stderr).toMatch(/2 processed, 0 skipped, 1 failed/);
    expect((await PDFDocument.load(readFileSync(join(work, 'pdf-out', 'a', 'compressed-one.pdf')))).getPageCount()).toBe(2);
    expect((await PDFDocument.load(readFileSync(join(work, 'pdf-out', 'b', 'compressed-two.pdf')))).getPageCount()).toBe(3);
    for (const [path, bytes] of before) expect(readFileSync(join(inDir, path)).equals(bytes), path).toBe(true);
    expect(readdirSync(join(work, 'pdf-out'), { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('tmp'))).toEqual([]);
  }, 120_000);

  it('runs an image tool: the outputs decode to the input pixels', async () => {
    write(join(work, 'img', 'gradient.png'), gradientPng(64, 48, 1));
    write(join(work, 'img', 'photo.jpg'), gradientJpg(80, 60, 2));
    const run = await filedesk(['image-compressor', '--format', 'png', '--quality', '100', 'img', '--out', 'img-out', '--json', '--jobs', '1']);
    expect(run.code).toBe(0);
    expect(lines(run.stdout).map((r) => r.output).sort()).toEqual(['compressed-gradient.png', 'compressed-photo.png']);
    const fromPng = PNG.sync.read(readFileSync(join(work, 'img-out', 'compressed-gradient.png')));
    expect([fromPng.width, fromPng.height]).toEqual([64, 48]);
    expect(meanDifference(fromPng.data, gradient(64, 48, 1))).toBeLessThan(1);
    const fromJpg = PNG.sync.read(readFileSync(join(work, 'img-out', 'compressed-photo.png')));
    const original = jpeg.decode(readFileSync(join(work, 'img', 'photo.jpg')), { useTArray: true });
    expect([fromJpg.width, fromJpg.height]).toEqual([80, 60]);
    expect(meanDifference(fromJpg.data, original.data)).toBeLessThan(2);
  }, 120_000);

  it('runs data tools: the CSV parts hold every row once, in order', async () => {
    const rows = [['id', 'name'], ...Array.from({ length: 5 }, (_, i) => [String(i + 1), `Name "${i + 1}", with comma`])];
    write(join(work, 'data', 'people.csv'), Papa.unparse(rows));
    const run = await filedesk(['split-csv', '--rowsPerFile', '2', 'data/people.csv', '--out', 'csv-out', '--json']);
    expect(run.code).toBe(0);
    const [line] = lines(run.stdout);
    expect(line.outputs).toEqual(['split-part-1-people.csv', 'split-part-2-people.csv', 'split-part-3-people.csv']);
    const parts = line.outputs.map((name) => Papa.parse<string[]>(readFileSync(join(work, 'csv-out', name), 'utf8').trim()).data);
    for (const part of parts) expect(part[0]).toEqual(['id', 'name']);
    expect(parts.flatMap((p) => p.slice(1))).toEqual(rows.slice(1));

    // Names with part numbers cannot be known before a run: the record in the output folder resumes it.
    const again = await filedesk(['split-csv', '--rowsPerFile', '2', 'data/people.csv', '--out', 'csv-out', '--json']);
    expect(lines(again.stdout).map((r) => r.status)).toEqual(['skipped']);
    const record = readFileSync(join(work, 'csv-out', '.filedesk-record.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(record.map((e) => [e.input, e.state, e.outputs])).toEqual([
      ['people.csv', 'writing', line.outputs],
      ['people.csv', 'done', line.outputs],
    ]);
    expect(record[0].job).toMatch(/^split-csv:[0-9a-f]{16}$/);
  }, 120_000);

  it('--shard i/n gives every file to exactly one shard, and a second run resumes', async () => {
    const names = Array.from({ length: 9 }, (_, i) => `${i % 3 === 0 ? 'sub/' : ''}p${i}.png`);
    for (const [i, name] of names.entries()) write(join(work, 'many', name), gradientPng(16, 12, i));
    const seen: string[] = [];
    for (let shard = 0; shard < 3; shard++) {
      const run = await filedesk(['image-compressor', '--shard', `${shard}/3`, 'many', '--out', 'many-out', '--json', '--jobs', '1']);
      expect(run.code).toBe(0);
      for (const row of lines(run.stdout)) {
        expect(row.status).toBe('done');
        seen.push(row.input);
      }
    }
    expect(seen.sort()).toEqual([...names].sort());
    for (const name of names) expect(existsSync(join(work, 'many-out', name.replace(/p(\d)\.png$/, 'compressed-p$1.png'))), name).toBe(true);

    // Resume: every output is there, so nothing runs; a deleted output is made again; --overwrite redoes all.
    const again = await filedesk(['image-compressor', 'many', '--out', 'many-out', '--json', '--jobs', '1']);
    expect(again.code).toBe(0);
    expect(lines(again.stdout).every((r) => r.status === 'skipped')).toBe(true);
    rmSync(join(work, 'many-out', 'sub', 'compressed-p3.png'));
    const redo = await filedesk(['image-compressor', 'many', '--out', 'many-out', '--json', '--jobs', '1']);
    expect(lines(redo.stdout).filter((r) => r.status === 'done').map((r) => r.input)).toEqual(['sub/p3.png']);
    const all = await filedesk(['image-compressor', 'many', '--out', 'many-out', '--json', '--jobs', '2', '--overwrite']);
    expect(lines(all.stdout).filter((r) => r.status === 'done')).toHaveLength(9);
  }, 180_000);

  it('runs a tool that works from text alone, and the text tool whose page does the work', async () => {
    const run = await filedesk(['text-case-converter', '--mode', 'titlecase', '--text', 'the quick brown fox', '--out', 'text-out', '--json']);
    expect(run.code).toBe(0);
    const [line] = lines(run.stdout);
    expect(line.output).toMatch(/^titlecase-text-\d+\.txt$/);
    expect(readFileSync(join(work, 'text-out', line.output!), 'utf8')).toBe('The Quick Brown Fox');
    const pdfRun = await filedesk(['create-pdf', '--text', 'Minutes of the meeting', '--out', 'text-out', '--json']);
    expect(pdfRun.code).toBe(0);
    const made = lines(pdfRun.stdout)[0].output!;
    expect((await PDFDocument.load(readFileSync(join(work, 'text-out', made)))).getPageCount()).toBe(1);
    expect((await filedesk(['create-pdf', '--text', 'x', 'stray.pdf', '--out', 'text-out'])).code).toBe(2);
  }, 120_000);

  it('runs a workflow the same way: photos to one compact PDF, a page each', async () => {
    write(join(work, 'photos', 'a.jpg'), gradientJpg(120, 90, 3));
    write(join(work, 'photos', 'b.jpg'), gradientJpg(90, 120, 4));
    const run = await filedesk(['photos-to-compact-pdf', 'photos', '--out', 'wf-out', '--json']);
    expect(run.code).toBe(0);
    const rows = lines(run.stdout);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
    expect(rows[0].output).toBe('compressed-a.pdf');
    expect((await PDFDocument.load(readFileSync(join(work, 'wf-out', 'compressed-a.pdf')))).getPageCount()).toBe(2);
  }, 120_000);
});

describe('filedesk serve', () => {
  let site: string;
  let origin: string;
  let server: ReturnType<typeof createSiteServer>;

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'filedesk-site-'));
    write(join(site, 'index.html'), '<h1>Home</h1>');
    write(join(site, '404.html'), '<h1>Not found page</h1>');
    write(join(site, 'tools.html'), '<h1>All tools</h1>');
    write(join(site, 'tools', 'merge-pdf.html'), '<h1>Merge PDF</h1>');
    write(join(site, 'assets', 'index-Bx12abCD.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    write(join(site, 'engines', 'core.wasm'), new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    server = createSiteServer(site);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(site, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Cross-origin isolation, for the threaded WebAssembly builds.
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  };

  it('serves clean URLs with the security headers and revalidation', async () => {
    for (const [path, body] of [
      ['/', 'Home'],
      ['/tools', 'All tools'],
      ['/tools/merge-pdf', 'Merge PDF'],
      ['/tools/merge-pdf.html', 'Merge PDF'],
      ['/tools/merge-pdf?demo=1', 'Merge PDF'],
    ]) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(body);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(response);
    }
    const first = await fetch(`${origin}/tools/merge-pdf`);
    const again = await fetch(`${origin}/tools/merge-pdf`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers unknown paths with 404.html and status 404, and never leaves the site folder', async () => {
    for (const path of ['/nope', '/tools/nope', '/%2e%2e/package.json', '/..%2f..%2fetc/passwd', '/assets/../../x']) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Not found page');
      expectSecurityHeaders(response);
    }
    expect((await fetch(origin, { method: 'POST' })).status).toBe(405);
  });

  it('caches the hashed files under /assets/ for a year, gzips text, and types WebAssembly', async () => {
    const asset = await fetch(`${origin}/assets/index-Bx12abCD.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('xxxx');
    const wasm = await fetch(`${origin}/engines/core.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(wasm.headers.get('cache-control')).toBe('no-cache');
    expect(new Uint8Array(await wasm.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    // Scripts, workers and engines carry the headers too, not only pages.
    expectSecurityHeaders(asset);
    expectSecurityHeaders(wasm);
  });

  it('`filedesk serve --port 0` listens on a free port and says where', async () => {
    const child = spawn(process.execPath, [cli(), 'serve', '--port', '0', '--dir', site], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const found = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
          if (found) resolve(found[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const response = await fetch(`${address}/tools/merge-pdf`);
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
    } finally {
      child.kill('SIGTERM');
    }
    const missing = await filedesk(['serve', '--dir', join(work, 'no-site')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no built site/);
  }, 60_000);
});
