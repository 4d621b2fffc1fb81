/**
 * PDF compression benchmark: `npx tsx scripts/bench-pdf.ts`.
 * Compresses generated image-heavy and text PDFs plus every PDF in
 * ../shared/corpus/pdf (when present) at each level, with the pdf-lib path
 * alone and with the compressor's two engines (pdf-lib and Ghostscript
 * WebAssembly, the smaller checked result), compares with the system
 * Ghostscript's /ebook preset when `gs` is installed, and times merging ten
 * PDFs of about 20 MB each. Prints numbers only; nothing is asserted.
 *
 * Ghostscript's output is also checked with the compressor's own content
 * check (pages, text, links, form fields, bookmarks): a file where gs
 * /ebook is smaller only because it flattened a form or lost text is not a
 * fair comparison, so the summary counts both ways.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createServer } from 'vite';
import { compressPdf, type CompressionLevel } from '../src/lib/pdf/compress';
import { imageHeavyPdf, noisePng, uncompressedTextPdf } from '../tests/fixtures/pdf-build/build';
import { fullFontPdf, jpxAlphaPdf, jpxPdf, maskedImagePdf } from '../tests/fixtures/pdf-build/compress-inputs';
import { noiseJpeg } from '../tests/fixtures/pdf-build/images';
import { napiJpegCodec } from '../tests/fixtures/pdf-build/napi-codec';

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const levels: CompressionLevel[] = ['low', 'medium', 'high'];
const hasGs = spawnSync('gs', ['--version']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'bench-pdf-'));

async function scanLikePdf(): Promise<Uint8Array> {
  // An A4 page scanned at 300 dpi and drawn full page.
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawImage(await doc.embedJpg(noiseJpeg(2480, 3508, 85, 11)), { x: 0, y: 0, width: 595.28, height: 841.89 });
  return doc.save();
}

async function pngPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(await doc.embedPng(noisePng(1500, 1000, false)), { x: 50, y: 300, width: 450, height: 300 });
  }
  return doc.save();
}

interface Input {
  name: string;
  bytes: Uint8Array;
  generated: boolean;
}

async function inputs(): Promise<Input[]> {
  const list: Input[] = [
    { name: 'gen-photos-3p.pdf', bytes: await imageHeavyPdf({ pages: 3, imageWidth: 2400, imageHeight: 1800, drawWidth: 400 }), generated: true },
    { name: 'gen-scan-a4-300dpi.pdf', bytes: await scanLikePdf(), generated: true },
    { name: 'gen-flate-images.pdf', bytes: await pngPdf(), generated: true },
    { name: 'gen-text-10p.pdf', bytes: await uncompressedTextPdf(10), generated: true },
    { name: 'gen-jpx.pdf', bytes: await jpxPdf(), generated: true },
    { name: 'gen-jpx-alpha.pdf', bytes: await jpxAlphaPdf(), generated: true },
    { name: 'gen-soft-mask.pdf', bytes: await maskedImagePdf(), generated: true },
    { name: 'gen-full-font.pdf', bytes: await fullFontPdf(), generated: true },
  ];
  const corpus = resolve(process.cwd(), '../shared/corpus/pdf');
  if (existsSync(corpus)) {
    for (const file of readdirSync(corpus).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) {
      list.push({ name: file, bytes: new Uint8Array(readFileSync(join(corpus, file))), generated: false });
    }
  }
  return list;
}

function ghostscript(bytes: Uint8Array): Uint8Array | null {
  const source = join(work, 'in.pdf');
  const target = join(work, 'out.pdf');
  writeFileSync(source, bytes);
  rmSync(target, { force: true });
  try {
    execFileSync('gs', ['-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', '-dNOPAUSE', '-dBATCH', '-dQUIET', `-sOutputFile=${target}`, source], { stdio: 'ignore', timeout: 120_000 });
  } catch {
    return null;
  }
  return existsSync(target) ? new Uint8Array(readFileSync(target)) : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? '  err' : value.toFixed(3));
const pad = (text: string, width: number) => (text.length > width ? text.slice(0, width - 1) + '~' : text.padEnd(width));

type Row = Record<string, number | null | undefined>;
type TwoEngines = (bytes: Uint8Array, name: string, level: CompressionLevel) => Promise<{ bytes: Uint8Array; engine: string }>;
/** True when `output` keeps the pages, text, links, form fields and bookmarks of `input`. */
type KeepsContent = (input: Uint8Array, output: Uint8Array) => Promise<boolean>;

/** The compressor's processor with both engines, loaded through Vite (pdf.js and Ghostscript use its asset imports). */
async function twoEngineCompressor(): Promise<{ compress: TwoEngines; keeps: KeepsContent; close(): Promise<void> }> {
  const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
  const { createPdfCompressor } = (await server.ssrLoadModule('/src/processors/pdf-compressor.ts')) as typeof import('../src/processors/pdf-compressor');
  const check = (await server.ssrLoadModule('/src/lib/pdf/compress-check.ts')) as typeof import('../src/lib/pdf/compress-check');
  const processor = createPdfCompressor(napiJpegCodec);
  return {
    keeps: async (input, output) => {
      try {
        return await check.keepsContent(await check.pdfFacts(input, true), output);
      } catch {
        return false;
      }
    },
    compress: async (bytes, name, level) => {
      const [out] = await processor.run([{ name, type: 'application/pdf', bytes }], processor.options.parse({ level }), ctx);
      return { bytes: out.bytes, engine: String(out.meta?.engine ?? '') };
    },
    close: () => server.close(),
  };
}

function printMedians(label: string, rows: Row[]): void {
  const cell = (key: string) => fmt(rows.some((r) => r[key] != null) ? median(rows.map((r) => r[key]).filter((v): v is number => v != null)) : null);
  console.log(
    `${pad(`median, ${label} (${rows.length})`, 50)} ${''.padStart(9)}  ${cell('low')}  ${cell('medium')}  ${cell('high')}   ${cell('two-low')}  ${cell('two-medium')}  ${cell('two-high')}            ${hasGs ? `${cell('gs')}  ${cell('gsKept')}` : ''}`,
  );
}

async function benchCompression(): Promise<void> {
  const files = await inputs();
  const two = await twoEngineCompressor();
  const rows: { row: Row; generated: boolean }[] = [];
  console.log('Sizes as a fraction of the input. pdf-lib: the pdf-lib path alone; two engines: pdf-lib and Ghostscript wasm, the smaller checked result.');
  console.log(`${pad('file', 50)} ${'input'.padStart(9)}  --- pdf-lib alone ---   ---- two engines ----  engine@med   s@med  ${hasGs ? 'gs/ebook gs-or-orig gs-keeps' : '(no gs)'}`);
  console.log(`${pad('', 50)} ${''.padStart(9)}  low    medium high     low    medium high`);
  try {
    for (const file of files) {
      const row: Row = {};
      for (const level of levels) {
        try {
          row[level] = (await compressPdf(file.bytes, file.name, level, napiJpegCodec, ctx)).bytes.length / file.bytes.length;
        } catch {
          row[level] = null;
        }
      }
      let engine = '-';
      let seconds: number | null = null;
      for (const level of levels) {
        const start = performance.now();
        try {
          const out = await two.compress(file.bytes, file.name, level);
          row[`two-${level}`] = out.bytes.length / file.bytes.length;
          if (level === 'medium') engine = out.engine;
        } catch {
          row[`two-${level}`] = null;
        }
        if (level === 'medium') seconds = (performance.now() - start) / 1000;
      }
      const gsBytes = hasGs ? ghostscript(file.bytes) : null;
      row.gs = gsBytes === null ? null : gsBytes.length / file.bytes.length;
      row.gsKeeps = gsBytes === null ? null : (await two.keeps(file.bytes, gsBytes)) ? 1 : 0;
      // A site using gs would hand back the original when gs makes the file bigger, as this one does.
      row.gsKept = row.gs === null ? null : Math.min(1, row.gs);
      rows.push({ row, generated: file.generated });
      console.log(
        `${pad(file.name, 50)} ${String(file.bytes.length).padStart(9)}  ${fmt(row.low)}  ${fmt(row.medium)}  ${fmt(row.high)}   ${fmt(row['two-low'])}  ${fmt(row['two-medium'])}  ${fmt(row['two-high'])}  ${pad(engine, 11)} ${seconds === null ? '    -' : seconds.toFixed(2).padStart(5)}  ${hasGs ? `${fmt(row.gs)}    ${fmt(row.gsKept)}      ${row.gsKeeps === null ? '-' : row.gsKeeps ? 'yes' : 'no'}` : ''}`,
      );
    }
  } finally {
    await two.close();
  }
  printMedians('generated', rows.filter((r) => r.generated).map((r) => r.row));
  printMedians('corpus', rows.filter((r) => !r.generated).map((r) => r.row));
  printMedians('all', rows.map((r) => r.row));
  if (hasGs) {
    const all = rows.map((r) => r.row);
    const paired = all.filter((r) => r['two-medium'] != null && r.gsKept != null);
    const worse = paired.filter((r) => r['two-medium']! > r.gsKept! * 1.1);
    const worseAlone = all.filter((r) => r.medium != null && r.gsKept != null && r.medium > r.gsKept * 1.1);
    const fair = paired.filter((r) => r.gsKeeps === 1);
    const worseFair = fair.filter((r) => r['two-medium']! > r.gsKept! * 1.1);
    const larger = all.filter((r) => levels.some((level) => (r[`two-${level}`] ?? 0) > 1));
    console.log(
      `over the ${paired.length} files both read: two-engine medium ${fmt(median(paired.map((r) => r['two-medium']!)))}, gs /ebook (or original) ${fmt(median(paired.map((r) => r.gsKept!)))}; ` +
        `medium more than 10 % larger than gs /ebook: ${worse.length} files with two engines, ${worseAlone.length} with pdf-lib alone`,
    );
    console.log(
      `over the ${fair.length} files where gs /ebook keeps pages, text, links, form fields and bookmarks: two-engine medium ${fmt(median(fair.map((r) => r['two-medium']!)))}, ` +
        `gs ${fmt(median(fair.map((r) => r.gsKept!)))}; more than 10 % larger than gs: ${worseFair.length}; outputs larger than their input at any level: ${larger.length}`,
    );
  }
}

async function benchMerge(): Promise<void> {
  // One incompressible JPEG of about 6-7 MB, embedded three times per file, gives files of about 20 MB.
  const jpeg = noiseJpeg(3000, 2700, 95, 3);
  const files: { name: string; type: string; bytes: Uint8Array }[] = [];
  for (let i = 0; i < 10; i++) {
    const doc = await PDFDocument.create();
    for (let p = 0; p < 3; p++) {
      const page = doc.addPage([595.28, 841.89]);
      page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 595.28, height: 535.75 });
    }
    files.push({ name: `part-${i + 1}.pdf`, type: 'application/pdf', bytes: await doc.save() });
  }
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  let merge: (inputs: typeof files) => Promise<Uint8Array>;
  let how: string;
  const processorPath = resolve(process.cwd(), 'src/processors/merge-pdf.ts');
  if (existsSync(processorPath)) {
    const mergePdf = (await import('../src/processors/merge-pdf')).default;
    merge = async (list) => (await mergePdf.run(list, {}, ctx))[0].bytes;
    how = 'src/processors/merge-pdf.ts';
  } else {
    merge = async (list) => {
      const target = await PDFDocument.create();
      for (const file of list) {
        const source = await PDFDocument.load(file.bytes);
        for (const page of await target.copyPages(source, source.getPageIndices())) target.addPage(page);
      }
      return target.save();
    };
    how = 'pdf-lib copyPages';
  }
  const start = performance.now();
  const merged = await merge(files);
  const seconds = (performance.now() - start) / 1000;
  console.log(`\nmerge 10 PDFs of ${(total / 10 / 1048576).toFixed(1)} MB each (${how}): ${seconds.toFixed(2)} s, output ${(merged.length / 1048576).toFixed(1)} MB`);
}

try {
  await benchCompression();
  await benchMerge();
} finally {
  rmSync(work, { recursive: true, force: true });
}
