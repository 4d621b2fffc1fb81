/**
 * The package as npm ships it: `npm pack` (whose prepack builds the command), an install of
 * the tarball into an empty temporary project, and its `filedesk` run from
 * another folder (no repository around it) on generated files: a PDF tool
 * (page count read back by pdf.js and pdf-lib), an image tool (pixels decoded)
 * and a CSV tool (rows read back from the workbook). Prints the tarball's
 * size, the install's size and time. Takes a few minutes (the install pulls
 * every dependency of the package), so it is not part of `npm test`.
 *
 * Usage: npx tsx scripts/check-pack.ts [--keep]   (--keep leaves the temporary folder)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'filedesk-pack-'));
const checks: [string, boolean, string][] = [];
const check = (what: string, ok: boolean, detail = '') => {
  checks.push([what, ok, detail]);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
};

function sizeOf(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function pdfPages(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  const pages = doc.numPages;
  await task.destroy();
  return pages;
}

async function main() {
  console.log('Building the command ...');
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root)) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  const tarball = join(work, packed[0].filename);
  console.log(`Package: ${packed[0].filename}, ${mb(packed[0].size)} packed, ${mb(packed[0].unpackedSize)} unpacked, ${packed[0].entryCount} files`);

  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'try-filedesk', private: true }));
  console.log('Installing the tarball into an empty project (every dependency of the package) ...');
  const started = performance.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
  console.log(`Installed in ${((performance.now() - started) / 1000).toFixed(0)} s; node_modules is ${mb(sizeOf(join(project, 'node_modules')))}`);
  const bin = join(project, 'node_modules', '.bin', 'filedesk');

  // Inputs made here, and the command run from a folder that has no node_modules of its own.
  const files = join(work, 'files');
  mkdirSync(files);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 3; p++) doc.addPage([300, 300]).drawText(`Page ${p + 1}`, { x: 40, y: 150, size: 24, font });
  writeFileSync(join(files, 'three.pdf'), await doc.save());
  const image = new PNG({ width: 32, height: 24 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([20, 120, 220, 255], i);
  writeFileSync(join(files, 'blue.png'), PNG.sync.write(image));
  writeFileSync(join(files, 'people.csv'), 'name,age\nAda,36\nGrace,45\n"Lin, Jr.",29\n');
  const out = join(work, 'out');
  const filedesk = (args: string[]) => execFileSync(bin, [...args, '--out', out, '--json'], { cwd: files, encoding: 'utf8' });

  check('filedesk --version', execFileSync(bin, ['--version'], { cwd: files, encoding: 'utf8' }).trim() === JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  check('filedesk list names the tools', execFileSync(bin, ['list'], { cwd: files, encoding: 'utf8' }).includes('pdf-compressor'));

  const pdfLine = JSON.parse(filedesk(['pdf-compressor', '--level', 'high', 'three.pdf']));
  const compressed = new Uint8Array(readFileSync(join(out, 'compressed-three.pdf')));
  const pages = [await pdfPages(compressed), (await PDFDocument.load(compressed)).getPageCount()];
  check('pdf-compressor: 3 pages (pdf.js, pdf-lib)', pdfLine.status === 'done' && pages.every((n) => n === 3), `pdf.js ${pages[0]}, pdf-lib ${pages[1]}`);

  const jpgLine = JSON.parse(filedesk(['png-to-jpg', '--quality', '90', 'blue.png']));
  const decoded = jpeg.decode(readFileSync(join(out, 'blue.jpg')), { useTArray: true });
  const [r, g, b] = decoded.data.subarray(4 * 100, 4 * 100 + 3);
  check('png-to-jpg: 32 x 24, blue pixels', jpgLine.status === 'done' && decoded.width === 32 && decoded.height === 24 && Math.abs(r - 20) + Math.abs(g - 120) + Math.abs(b - 220) < 12, `rgb ${r},${g},${b}`);

  const csvLine = JSON.parse(filedesk(['csv-to-excel', 'people.csv']));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(join(out, 'people.xlsx')) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const want = [['name', 'age'], ['Ada', 36], ['Grace', 45], ['Lin, Jr.', 29]];
  check('csv-to-excel: the rows of the CSV', csvLine.status === 'done' && JSON.stringify(rows) === JSON.stringify(want), JSON.stringify(rows));

  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  if (!keep) rmSync(work, { recursive: true, force: true });
  else console.log(`Kept ${work}`);
  process.exitCode = failed ? 1 : 0;
}

await main();
