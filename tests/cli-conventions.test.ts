/**
 * The `filedesk` command keeps the usual conventions of a command line:
 * `-` reads standard input and `--out -` writes standard output (the bytes
 * decoded back: page counts, rotations, pixels), with temporary folders
 * removed whatever happens; usage errors exit 2 and say why; ordinary errors
 * are one line without a stack unless --verbose; --help on every subcommand;
 * --quiet keeps the failure lines; an interrupted read exits 130.
 *
 * Built as it ships (vite.cli.config.ts) into its own folder,
 * node_modules/.cache/filedesk-cli-conventions-test, so it never races
 * tests/cli.test.ts's build; FILEDESK_CLI_DIR names a built bundle instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_FLAGS, formatRunArgs, parseRunArgs, UsageError } from '../src/cli/args';
import { describeSystemError } from '../src/cli/report';
import { chooseExtension, sniff } from '../src/cli/stdio';
import { readManifest, readManifestFiles } from '../src/manifests/read';
import { cliBundle, gradientJpg, labelledPdf, meanDifference } from './support/cli-bundle';

let BUNDLE_DIR = '';
const cli = () => join(BUNDLE_DIR, 'filedesk.js');
let work: string;

interface Result {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  /** The temporary folder the command was given (TMPDIR): what it left there. */
  leftInTemp: string[];
}

/**
 * Runs the command as a user would, from the work folder, with `input` on
 * standard input (none: an empty one) and a temporary folder of its own, so
 * what it leaves behind there can be checked.
 */
function filedesk(args: string[], input?: Uint8Array | string): Promise<Result> {
  const temp = mkdtempSync(join(tmpdir(), 'filedesk-conventions-tmp-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli(), ...args], { cwd: work, env: { ...process.env, TMPDIR: temp }, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
    child.on('error', reject);
    child.on('close', (code) => {
      const leftInTemp = readdirSync(temp);
      rmSync(temp, { recursive: true, force: true });
      resolve({ code, stdout: Buffer.concat(stdout), stderr, leftInTemp });
    });
  });
}

function write(path: string, bytes: Uint8Array | string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
}

const stackFrames = (text: string) => text.split('\n').filter((line) => /^\s+at /.test(line));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-conventions-'));
  BUNDLE_DIR = cliBundle('filedesk-cli-conventions-test');
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the pieces: arguments, types of standard input, error sentences', () => {
  const fields = [
    { name: 'angle', type: 'select' as const },
    { name: 'flatten', type: 'toggle' as const },
  ];

  it('reads - as a path, --out - and --name, -h as help; formatRunArgs parses back to the same run', () => {
    const parsed = parseRunArgs(['--angle', '180', '-', '--out', '-', '--name', 'scan.pdf', '--no-flatten', '--jobs=2', '--', '--odd.pdf'], fields);
    expect(parsed).toEqual({
      flags: { out: '-', name: 'scan.pdf', jobs: 2, json: false, overwrite: false, verbose: false, quiet: false, help: false },
      values: { angle: '180', flatten: false },
      paths: ['-', '--odd.pdf'],
    });
    expect(parseRunArgs(formatRunArgs(parsed), fields)).toEqual(parsed);
    const tricky = parseRunArgs(['--angle=--90', '--flatten', '--shard', '1/3', '--quiet', '-x.pdf'], fields);
    expect(parseRunArgs(formatRunArgs(tricky), fields)).toEqual(tricky);
    expect(parseRunArgs(['-h', 'a.pdf'], fields).flags.help).toBe(true);
    expect(parseRunArgs(['--', '-h'], fields).paths).toEqual(['-h']);
    expect(() => parseRunArgs(['--out', 'a', '--out', 'b'], fields)).toThrow(UsageError);
  });

  it("no tool has an option named like one of the command's own flags (--name, --out ...), which are read first", () => {
    const names = readManifestFiles().flatMap((file) => readManifest(file.slug).options.map((o) => `${file.slug} --${o.name}`));
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((n) => Object.keys(COMMON_FLAGS).includes(n.split(' --')[1]))).toEqual([]);
  });

  it('tells the type of standard input from its first bytes, among the types the tool takes', async () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniff(await labelledPdf(1, 'x'))).toEqual(['.pdf']);
    expect(sniff(gradientJpg(8, 8, 1))).toEqual(['.jpg', '.jpeg']);
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toEqual(['.png']);
    expect(sniff(text('GIF89a\x01\x00'))).toEqual(['.gif']);
    expect(sniff(text('RIFF\x10\x00\x00\x00WEBPVP8 '))).toEqual(['.webp']);
    expect(sniff(bytes(0, 0, 0, 0x1c, ...text('ftypavif'), 0, 0, 0, 0, ...text('avifmif1miaf')))).toEqual(['.avif']);
    expect(sniff(bytes(0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic')))).toEqual(['.heic', '.heif']);
    expect(sniff(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(['.svg']);
    expect(sniff(text('\uFEFF<?xml version="1.0"?><rows/>'))).toEqual(['.xml']);

    // Text goes to the tool's only text type; data that fits none of several types is not guessed.
    expect(chooseExtension(text('a,b\n1,2\n'), text(''), ['.xlsx', '.xls', '.csv'])).toBe('.csv');
    expect(chooseExtension(text('<rows/>'), text(''), ['.xml'])).toBe('.xml');
    expect(chooseExtension(gradientJpg(8, 8, 1), gradientJpg(8, 8, 1), ['.jpg', '.jpeg', '.png', '.webp'])).toBe('.jpg');
    // A tool of one type is given that type, and its processor says what is wrong with the data.
    expect(chooseExtension(text('not a PDF'), text(''), ['.pdf'])).toBe('.pdf');
    expect(chooseExtension(text('hello'), text(''), ['.jpg', '.jpeg', '.png', '.webp'])).toBeNull();
  });

  it('says what went wrong with which path, and what to do, for errors from the system', () => {
    const error = (code: string, syscall: string, extra: Record<string, unknown>) => Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, ...extra });
    expect(describeSystemError(error('ENOSPC', 'write', { path: '/data/out/a.pdf' }))).toBe(
      'The disk is full: cannot write /data/out/a.pdf. Free some space, or choose an --out folder on another disk.',
    );
    expect(describeSystemError(error('EROFS', 'mkdir', { path: '/mnt/ro/out' }))).toMatch(/^Cannot create the folder \/mnt\/ro\/out: it is on a read-only disk\. /);
    expect(describeSystemError(error('EACCES', 'open', { path: '/root/x.pdf' }))).toMatch(/^Permission denied: cannot open \/root\/x\.pdf\. Check the permissions/);
    expect(describeSystemError(error('EADDRINUSE', 'listen', { address: '127.0.0.1', port: 4173 }))).toBe(
      'The port 4173 on 127.0.0.1 is already in use. Stop what uses it, or choose another --port (0 takes any free port).',
    );
    // On the way to --out, whichever call met the file in the way.
    const dir = mkdtempSync(join(tmpdir(), 'filedesk-conventions-err-'));
    try {
      write(join(dir, 'report'), 'a file');
      const out = join(dir, 'report', 'pdfs');
      expect(describeSystemError(error('ENOTDIR', 'stat', { path: out }), { out })).toBe(
        `Cannot create the folder ${out}: ${join(dir, 'report')} is a file, not a folder. Choose another --out folder, or move that file away.`,
      );
      expect(describeSystemError(error('ENOTDIR', 'mkdir', { path: out }), { out })).toBe(describeSystemError(error('ENOTDIR', 'stat', { path: out }), { out }));
      expect(describeSystemError(error('ENOTDIR', 'open', { path: join(dir, 'report', 'x.pdf') }))).toBe(
        `Cannot open ${join(dir, 'report', 'x.pdf')}: ${join(dir, 'report')} is a file, not a folder. Choose another path, or move that file away.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(describeSystemError(new Error('a bug'))).toBeNull();
  });
});

describe('standard input and standard output', () => {
  it('pipes a PDF through rotate-pdf: stdout is the rotated PDF, stderr has the summary, nothing is left in the temporary folder', async () => {
    const input = await labelledPdf(3, 'Piped');
    const run = await filedesk(['rotate-pdf', '--angle', '90', '-', '--out', '-'], input);
    expect(run.stderr).toMatch(/1 processed, 0 skipped, 0 failed/);
    expect(run.code).toBe(0);
    expect(run.stdout.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(run.stdout);
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPages().map((p) => p.getRotation().angle)).toEqual([90, 90, 90]);
    expect(doc.getPage(0).getSize()).toEqual({ width: 400, height: 300 });
    expect(run.stderr).not.toContain('%PDF');
    expect(run.leftInTemp).toEqual([]);
  }, 120_000);

  it('pipes a JPEG through jpg-to-png: stdout decodes to the same pixels', async () => {
    const input = gradientJpg(48, 32, 3);
    const run = await filedesk(['jpg-to-png', '-', '--out', '-', '--quiet'], input);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const image = PNG.sync.read(run.stdout);
    expect([image.width, image.height]).toEqual([48, 32]);
    expect(meanDifference(image.data, jpeg.decode(input, { useTArray: true }).data)).toBeLessThan(2);
    expect(run.leftInTemp).toEqual([]);
  }, 120_000);

  it('writes a text tool\'s one output to stdout, and reads standard input into a folder under --name', async () => {
    const made = await filedesk(['create-pdf', '--text', 'Minutes of the meeting', '--out', '-']);
    expect(made.code).toBe(0);
    expect((await PDFDocument.load(made.stdout)).getPageCount()).toBe(1);

    const named = await filedesk(['rotate-pdf', '--name', 'scan.pdf', '-', '--out', 'named-out'], await labelledPdf(2, 'Named'));
    expect(named.code).toBe(0);
    expect(named.stdout.length).toBe(0);
    expect(readdirSync(join(work, 'named-out')).filter((f) => !f.startsWith('.'))).toEqual(['rotated-scan.pdf']);
    expect((await PDFDocument.load(readFileSync(join(work, 'named-out', 'rotated-scan.pdf')))).getPageCount()).toBe(2);

    // Standard input goes with files for a tool that combines them: one merged PDF on stdout.
    write(join(work, 'second.pdf'), await labelledPdf(2, 'Second'));
    const merged = await filedesk(['merge-pdf', '-', 'second.pdf', '--out', '-'], await labelledPdf(1, 'First'));
    expect(merged.code).toBe(0);
    expect((await PDFDocument.load(merged.stdout)).getPageCount()).toBe(3);
    expect(merged.leftInTemp).toEqual([]);
  }, 120_000);

  it('refuses, with exit 2 and the reason, an --out - that would get several files or share stdout with --json', async () => {
    write(join(work, 'one.pdf'), await labelledPdf(1, 'One'));
    write(join(work, 'two.pdf'), await labelledPdf(1, 'Two'));
    const several = await filedesk(['rotate-pdf', 'one.pdf', 'two.pdf', '--out', '-']);
    expect(several.code).toBe(2);
    expect(several.stderr).toBe(
      'filedesk: --out - writes one file to standard output, but rotate-pdf makes a file from each input, and it was given 2. Write them to a folder instead: --out <folder>.\n',
    );
    expect(several.stdout.length).toBe(0);

    const json = await filedesk(['rotate-pdf', '-', '--out', '-', '--json'], await labelledPdf(1, 'Json'));
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/^filedesk: --json prints its lines on standard output, and --out - writes the file there: use one or the other\./);
    expect(json.stdout.length).toBe(0);

    const parts = await filedesk(['split-csv', '--rowsPerFile', '1', '-', '--out', '-'], 'id,name\n1,a\n2,b\n');
    expect(parts.code).toBe(2);
    expect(parts.stderr).toMatch(/split-csv splits its input into several files\. Write them to a folder instead/);

    // A page per image: known only once it has run, and still refused, with the names it would have written.
    const pages = await filedesk(['pdf-to-jpg', '-', '--out', '-'], await labelledPdf(2, 'Pages'));
    expect(pages.code).toBe(2);
    expect(pages.stderr).toMatch(/filedesk: --out - writes one file to standard output, but pdf-to-jpg made 2 \(stdin-page-1\.jpg, stdin-page-2\.jpg\)\./);
    expect(pages.stdout.length).toBe(0);
    expect(pages.leftInTemp).toEqual([]);

    const empty = await filedesk(['rotate-pdf', '-', '--out', '-']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^filedesk: Standard input is empty: pipe or redirect a file into it/);
    const wrongName = await filedesk(['rotate-pdf', '--name', 'scan.png', '-', '--out', '-'], await labelledPdf(1, 'x'));
    expect(wrongName.code).toBe(2);
    expect(wrongName.stderr).toBe('filedesk: --name scan.png: rotate-pdf takes .pdf files; give a name ending in one of them.\n');
  }, 180_000);

  it('says which --name to give when standard input is none of the types a tool of several types takes', async () => {
    const run = await filedesk(['image-compressor', '-', '--out', '-'], 'plain words, not a picture');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'filedesk: Standard input is none of the types image-compressor takes (.jpg, .jpeg, .png, .webp), judging by its first bytes. If it is one of them, say which: --name <file name>, such as --name input.jpg.\n',
    );
    expect(run.leftInTemp).toEqual([]);
  }, 60_000);

  it('exits 130 and removes its temporary folder when interrupted while reading standard input', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'filedesk-conventions-int-'));
    const child = spawn(process.execPath, [cli(), 'rotate-pdf', '-', '--out', '-'], { cwd: work, env: { ...process.env, TMPDIR: temp }, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      // Half a file arrives and the rest never does; the copy is under way once its folder exists.
      child.stdin.write((await labelledPdf(1, 'Half')).subarray(0, 200));
      for (let i = 0; i < 200 && readdirSync(temp).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(readdirSync(temp)).toHaveLength(1);
      child.kill('SIGINT');
      expect(await closed).toBe(130);
      expect(readdirSync(temp)).toEqual([]);
      expect(stackFrames(stderr)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('errors, help and quiet', () => {
  it('prints an ordinary error as one line that names the path, without a stack; --verbose adds the stack', async () => {
    write(join(work, 'in.pdf'), await labelledPdf(1, 'In'));
    write(join(work, 'a-file'), 'a file where a folder is wanted');
    const blocker = join(work, 'a-file');
    // --out under a file, and --out naming a file: each says which file is in the way and what to do.
    for (const out of ['a-file/out', 'a-file']) {
      const run = await filedesk(['rotate-pdf', 'in.pdf', '--out', out]);
      expect(run.code, out).toBe(1);
      expect(run.stderr.split('\n'), out).toHaveLength(2);
      expect(run.stderr, out).toMatch(/^filedesk: \S.*\n$/);
      expect(run.stderr, out).toContain(blocker);
      expect(run.stderr, out).toMatch(/a file/);
      expect(run.stderr, out).toMatch(/Choose another --out folder, or move (that|the) file away\.\n$/);
      expect(stackFrames(run.stderr), out).toEqual([]);
      expect(readFileSync(blocker, 'utf8')).toBe('a file where a folder is wanted');
    }
    const plain = await filedesk(['rotate-pdf', 'in.pdf', '--out', 'a-file/out']);

    // --verbose is read anywhere on the line, before the tool's name too.
    for (const args of [['--verbose', 'rotate-pdf', 'in.pdf', '--out', 'a-file/out'], ['rotate-pdf', 'in.pdf', '--out', 'a-file/out', '--verbose']]) {
      const verbose = await filedesk(args);
      expect(verbose.code, args.join(' ')).toBe(1);
      expect(verbose.stderr.split('\n')[0]).toBe(plain.stderr.trimEnd());
      expect(stackFrames(verbose.stderr).length, args.join(' ')).toBeGreaterThan(0);
    }
  }, 60_000);

  it('--quiet hides the progress and the summary but keeps each failed file\'s line', async () => {
    write(join(work, 'mixed', 'good.pdf'), await labelledPdf(1, 'Good'));
    write(join(work, 'mixed', 'bad.pdf'), 'this is not a PDF at all');
    const run = await filedesk(['rotate-pdf', 'mixed', '--out', 'mixed-out', '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('bad.pdf: The file bad.pdf is not a PDF. Please choose a PDF file.\n');
    expect((await PDFDocument.load(readFileSync(join(work, 'mixed-out', 'rotated-good.pdf')))).getPageCount()).toBe(1);

    const loud = await filedesk(['rotate-pdf', 'mixed', '--out', 'mixed-out-2']);
    expect(loud.stderr).toMatch(/^bad\.pdf: The file bad\.pdf is not a PDF\. Please choose a PDF file\.\n1 processed, 0 skipped, 1 failed in /);

    const piped = await filedesk(['rotate-pdf', '-', '--out', '-', '--quiet'], 'this is not a PDF either');
    expect(piped.code).toBe(1);
    expect(piped.stderr).toBe('stdin.pdf: The file stdin.pdf is not a PDF. Please choose a PDF file.\n');
    expect(piped.stdout.length).toBe(0);
  }, 120_000);

  it('answers --help and -h on every subcommand with exit 0', async () => {
    const serve = await filedesk(['serve', '--help']);
    expect(serve.code).toBe(0);
    const text = serve.stdout.toString();
    expect(text).toMatch(/^filedesk serve: /);
    expect(text).toMatch(/--port <number> +port to listen on; default 4173; 0 takes any free port/);
    expect(text).toMatch(/--host <address> +address to listen on; default 127\.0\.0\.1/);
    expect(text).toMatch(/--dir <folder> +the built site/);
    expect(text).toContain('404.html with status 404');
    expect(text).toContain('Content-Security-Policy');
    expect((await filedesk(['serve', '-h'])).stdout.toString()).toBe(text);
    expect((await filedesk(['help', 'serve'])).stdout.toString()).toBe(text);

    const list = await filedesk(['list', '--help']);
    expect(list.code).toBe(0);
    expect(list.stdout.toString()).toContain('filedesk list --json');
    expect((await filedesk(['list', '--nope'])).code).toBe(2);

    const tool = await filedesk(['help', 'rotate-pdf']);
    expect(tool.stdout.toString()).toContain('filedesk rotate-pdf [options] - --out -    (standard input to standard output)');
    for (const args of [['rotate-pdf', '-h'], ['rotate-pdf', '--nope', '--help'], ['--verbose', 'rotate-pdf', '--help']]) {
      const run = await filedesk(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout.toString(), args.join(' ')).toBe(tool.stdout.toString());
    }
    const top = await filedesk(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout.toString()).toContain('130 interrupted');
    const bare = await filedesk([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout.length).toBe(0);
    expect(bare.stderr).toContain('Usage');
  }, 60_000);

  it('serve without a built site says how to get one', async () => {
    const missing = await filedesk(['serve', '--port', '0', '--dir', 'no-site-here']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `filedesk: There is no built site in ${join(work, 'no-site-here')} (no index.html). Build it from FileDesk's source with \`npm run build\` and pass the folder: filedesk serve --dir <dist>.\n`,
    );
    // As from a packed install: no site beside the command, none in the current folder.
    if (existsSync(join(BUNDLE_DIR, '..', 'dist', 'index.html'))) return;
    const packed = await filedesk(['serve', '--port', '0']);
    expect(packed.code).toBe(2);
    expect(packed.stderr).toMatch(/^filedesk: This install of filedesk has no built site \(none in .+\)\. Build it from FileDesk's source with `npm run build` and pass the folder: filedesk serve --dir <dist>\.\n$/);
  }, 30_000);
});
