/**
 * Font corpus run (`tsx scripts/corpus-fonts.ts`): for every PDF of
 * ../shared/corpus/pdf, the size of FileDesk's compressor output (both
 * engines, medium level, as the site runs it; and the pdf-lib path alone)
 * against native Ghostscript's `/ebook` preset (`gs -sDEVICE=pdfwrite
 * -dPDFSETTINGS=/ebook`). Ghostscript's size counts only where it keeps the
 * pages, text, links, form fields, bookmarks and annotations of the input
 * (compress-check.ts, plus a count of annotations by kind); elsewhere the
 * row says why it was left out. The pdf-lib output (where fonts are subset)
 * is also checked against the input with poppler: the same pdftotext text,
 * and the mean grey difference of its first three pages at 72 dpi.
 *
 * The goal: no file where Ghostscript (keeping all that) is more than 10 %
 * smaller than FileDesk, i.e. FileDesk / Ghostscript <= 1 / 0.9.
 * Prints one row per file, worst ratio first, and the median ratio; exits with
 * status 1 when a file misses the goal.
 * Options: --dir <folder> reads another folder; --json <file> writes the rows;
 * --no-wasm-gs leaves FileDesk's own Ghostscript engine out (pdf-lib only).
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { createServer } from 'vite';
import { napiJpegCodec } from '../tests/fixtures/pdf-build/napi-codec';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const CORPUS = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : join(root, '../shared/corpus/pdf');
const JSON_OUT = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const WASM_GS = !args.includes('--no-wasm-gs');
/** Ghostscript may be at most this much smaller than FileDesk. */
const GOAL = 0.1;

// pdf.js finds its assets through import.meta.glob, so the compressor's modules are loaded through Vite, as tests load them.
const vite = await createServer({ configFile: join(root, 'vite.config.ts'), server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { compressPdf } = await load<typeof import('../src/lib/pdf/compress')>('/src/lib/pdf/compress.ts');
const { compressBest } = await load<typeof import('../src/lib/pdf/compress-best')>('/src/lib/pdf/compress-best.ts');
const { keepsContent, pdfFacts } = await load<typeof import('../src/lib/pdf/compress-check')>('/src/lib/pdf/compress-check.ts');
const { compressWithGhostscript } = await load<typeof import('../src/lib/pdf/compress-gs')>('/src/lib/pdf/compress-gs.ts');
const { openablePdfBytes } = await load<typeof import('../src/lib/pdf/load')>('/src/lib/pdf/load.ts');

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

interface Row {
  file: string;
  input: number;
  /** The pdf-lib path alone (the input's size when it kept the original). */
  pdfLib: number;
  /** The compressor's answer (both engines, the checks). */
  filedesk: number;
  engine: string;
  /** Native Ghostscript /ebook; null when it failed. */
  gs: number | null;
  /** Why Ghostscript's output does not count, when it does not. */
  gsLoses: string | null;
  /** filedesk / gs, when gs counts. */
  ratio: number | null;
  /** The pdf-lib output against the input, by poppler: same pdftotext text, and the mean grey difference of the first pages at 72 dpi (0-255). */
  pdfLibText: boolean | null;
  pdfLibPixels: number | null;
}

/** pdftotext's text of a PDF; null when poppler cannot read it. */
function popplerText(bytes: Uint8Array): string | null {
  return inTemp(bytes, (path) => execFileSync('pdftotext', [path, '-'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
}

/** The first three pages at 72 dpi in grey, as raw PGM files. */
function popplerPages(bytes: Uint8Array): Buffer[] | null {
  return inTemp(bytes, (path, dir) => {
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-l', '3', path, join(dir, 'page')], { stdio: 'ignore' });
    return readdirSync(dir).filter((name) => name.endsWith('.pgm')).sort().map((name) => readFileSync(join(dir, name)));
  });
}

function inTemp<T>(bytes: Uint8Array, run: (path: string, dir: string) => T): T | null {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-fonts-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    return run(join(dir, 'in.pdf'), dir);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean absolute difference of two lists of same-sized PGM pages; null when they differ in count or size. */
function pixelDifference(a: Buffer[] | null, b: Buffer[] | null): number | null {
  if (!a || !b || a.length !== b.length) return null;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i].length !== b[i].length) return null;
    for (let k = 0; k < a[i].length; k++) sum += Math.abs(a[i][k] - b[i][k]);
    count += a[i].length;
  }
  return count ? sum / count : 0;
}

/** Annotations by subtype over all pages (popups left out: Ghostscript may fold them into their parents). */
function annotationKinds(doc: PDFDocument): string {
  const kinds = new Map<string, number>();
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookup(i);
      const subtype = annot instanceof PDFDict ? String(annot.get(PDFName.of('Subtype'))) : '?';
      if (subtype === '/Popup') continue;
      kinds.set(subtype, (kinds.get(subtype) ?? 0) + 1);
    }
  }
  return [...kinds].sort().map(([kind, count]) => `${kind}:${count}`).join(' ');
}

async function annotations(bytes: Uint8Array): Promise<string> {
  return annotationKinds(await PDFDocument.load(bytes.slice(), { updateMetadata: false, throwOnInvalidObject: false, ignoreEncryption: true }));
}

function nativeGhostscript(input: Uint8Array): Uint8Array | null {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-fonts-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), input);
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${join(dir, 'out.pdf')}`, join(dir, 'in.pdf')], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(file: string): Promise<Row> {
  const input = new Uint8Array(readFileSync(join(CORPUS, file)));
  const source = await openablePdfBytes(input);
  let pdfLib = input.length;
  let pdfLibText: boolean | null = null;
  let pdfLibPixels: number | null = null;
  try {
    const result = await compressPdf(source, file, 'medium', napiJpegCodec, ctx);
    pdfLib = result.kept ? input.length : result.bytes.length;
    if (!result.kept) {
      pdfLibText = popplerText(result.bytes) === popplerText(source);
      pdfLibPixels = pixelDifference(popplerPages(source), popplerPages(result.bytes));
    }
  } catch {
    // The file is refused or pdf-lib fails on it: the original stands.
  }
  let filedesk = input.length;
  let engine = 'original';
  try {
    const best = await compressBest(source, file, 'medium', { codec: napiJpegCodec, ghostscript: WASM_GS ? compressWithGhostscript : undefined }, ctx);
    filedesk = best.kept ? input.length : best.bytes.length;
    engine = best.engine;
  } catch (error) {
    engine = `refused: ${String(error).slice(0, 60)}`;
  }
  const gs = nativeGhostscript(source);
  let gsLoses: string | null = gs ? null : 'Ghostscript failed';
  if (gs) {
    try {
      const facts = await pdfFacts(source, true);
      if (!(await keepsContent(facts, gs))) gsLoses = 'loses pages, text, links, fields or bookmarks';
      else if ((await annotations(source)) !== (await annotations(gs))) gsLoses = 'loses annotations';
    } catch {
      gsLoses = 'the input cannot be read by pdf.js';
    }
  }
  const ratio = gs && !gsLoses ? filedesk / gs.length : null;
  return { file, input: input.length, pdfLib, filedesk, engine, gs: gs?.length ?? null, gsLoses, ratio, pdfLibText, pdfLibPixels };
}

async function main(): Promise<void> {
  const files = readdirSync(CORPUS).filter((name) => /\.pdf$/i.test(name)).sort();
  const rows: Row[] = [];
  for (const file of files) {
    rows.push(await run(file));
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  rows.sort((a, b) => (b.ratio ?? -1) - (a.ratio ?? -1));
  const pad = (value: unknown, width: number) => String(value).padStart(width);
  console.log(`${'file'.padEnd(58)} ${pad('input', 8)} ${pad('pdf-lib', 8)} ${pad('FileDesk', 8)} ${'engine'.padEnd(11)} ${pad('gs', 8)} ${pad('FD/gs', 6)} ${pad('text', 4)} ${pad('pixels', 6)}  note`);
  for (const row of rows) {
    console.log(
      `${row.file.padEnd(58)} ${pad(row.input, 8)} ${pad(row.pdfLib, 8)} ${pad(row.filedesk, 8)} ${row.engine.padEnd(11)} ${pad(row.gs ?? '-', 8)} ${pad(row.ratio === null ? '-' : row.ratio.toFixed(3), 6)} ${pad(row.pdfLibText === null ? '-' : row.pdfLibText ? 'same' : 'DIFF', 4)} ${pad(row.pdfLibPixels === null ? '-' : row.pdfLibPixels.toFixed(2), 6)}  ${row.gsLoses ?? ''}`,
    );
  }
  const ratios = rows.map((row) => row.ratio).filter((ratio): ratio is number => ratio !== null).sort((a, b) => a - b);
  const median = ratios.length ? (ratios[(ratios.length - 1) >> 1] + ratios[ratios.length >> 1]) / 2 : NaN;
  const misses = rows.filter((row) => row.ratio !== null && row.gs! < (1 - GOAL) * row.filedesk);
  console.log(`\n${ratios.length} of ${rows.length} files count; median FileDesk/Ghostscript ${median.toFixed(3)}; ${misses.length} miss the goal (Ghostscript more than ${GOAL * 100} % smaller).`);
  for (const row of misses) console.log(`  miss: ${row.file} (${row.filedesk} vs ${row.gs})`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 1));
  process.exitCode = misses.length ? 1 : 0;
}

try {
  await main();
} finally {
  await vite.close();
}
