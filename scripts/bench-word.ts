/**
 * PDF to Word benchmark: `npm run bench:word`.
 * Converts every PDF in ../shared/corpus/pdf (when present) and a few
 * generated ones (with pdf-lib, and with LibreOffice when it is installed)
 * with the real processor, and prints per file whether the
 * .docx keeps pdf.js's text: the words of both, compared as multisets
 * (order-insensitive), must overlap by at least 98 %; the share of words
 * kept in pdf.js's order is printed beside it. Files without a text
 * layer are listed and left out of the percentage. When LibreOffice is
 * installed (`soffice`), every .docx is also converted to PDF with it, to
 * check that it opens. PDFs named as arguments are converted too. Prints
 * numbers only; nothing is asserted.
 *
 * The processor's modules use Vite features (import.meta.glob for pdf.js's
 * data files), so they are loaded through Vite's SSR module loader without
 * the site's plugins; nothing is served and no request leaves the machine.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createServer } from 'vite';

const root = resolve(import.meta.dirname, '..');
const corpus = resolve(root, '../shared/corpus/pdf');
const THRESHOLD = 0.98;

type Processor = typeof import('../src/processors/pdf-to-word').default;
type Pdfjs = typeof import('../src/lib/pdf/pdfjs');
type Fixtures = typeof import('../tests/fixtures/word-pdfs');

/** Words: runs of letters and digits, so spacing and punctuation differences do not count. */
function words(text: string): string[] {
  return text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Shared share of two word multisets: twice the common count over both sizes (1 when equal). */
function overlap(a: string[], b: string[]): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

/**
 * Share of pdf.js's words that the .docx has in the same order: the longest
 * common subsequence over the PDF's word count. pdf.js gives content-stream
 * order, which is reading order for most writers, so this shows columns read
 * across or tables scattered. Undefined for very long files (quadratic).
 */
function inOrder(a: string[], b: string[]): number | undefined {
  if (a.length === 0) return 1;
  if (a.length * b.length > 4e8) return undefined;
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    [previous, current] = [current, previous];
  }
  return previous[b.length]! / a.length;
}

/** The words of a .docx body, tables included, numbering text excluded (Word generates it). */
function docxWords(docx: Uint8Array): string[] {
  const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
  return [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].flatMap((m) => words(decodeXml(m[1]!)));
}

function decodeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** How many paragraphs are numbered by Word: their typed "3." markers became numbering, so those numbers are not in the text. */
function listNumbers(docx: Uint8Array): number {
  const files = unzipSync(docx);
  const numbering = files['word/numbering.xml'] ? strFromU8(files['word/numbering.xml']) : '';
  const decimalAbstract = new Set(
    [...numbering.matchAll(/<w:abstractNum [^>]*w:abstractNumId="(\d+)"[\s\S]*?<\/w:abstractNum>/g)].filter((m) => m[0].includes('<w:numFmt w:val="decimal"/>')).map((m) => m[1]),
  );
  const decimalNums = new Set(
    [...numbering.matchAll(/<w:num [^>]*w:numId="(\d+)"[^>]*>[\s\S]*?<w:abstractNumId w:val="(\d+)"\/>/g)].filter((m) => decimalAbstract.has(m[2])).map((m) => m[1]),
  );
  const xml = strFromU8(files['word/document.xml']!);
  return [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].filter((m) => decimalNums.has(m[1])).length;
}

async function pdfWords(pdfjs: Pdfjs, bytes: Uint8Array, name: string): Promise<string[]> {
  const pdf = await pdfjs.openPdfjs(bytes, name);
  try {
    const out: string[] = [];
    for (let n = 1; n <= pdf.doc.numPages; n++) {
      const page = await pdf.doc.getPage(n);
      for (const item of await pdfjs.pageTextItems(page)) out.push(...words(item.str));
      page.cleanup();
    }
    return out;
  } finally {
    await pdf.destroy();
  }
}

/** A long three-column page of prose, as newsletters are set. */
async function threeColumnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Newsletter page ${p + 1}`, { x: 200, y: 740, size: 20, font: bold });
    for (let c = 0; c < 3; c++)
      for (let l = 0; l < 40; l++) page.drawText(`col${c} line${l} some words of prose here`, { x: 40 + c * 185, y: 700 - l * 15, size: 9.5, font });
  }
  return doc.save();
}

/** A page of unruled figures in aligned columns. */
async function alignedTablePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Quarterly figures for the four regions, in thousands.', { x: 50, y: 780, size: 11, font });
  const regions = ['North', 'South', 'East', 'West', 'Central', 'Islands'];
  regions.forEach((region, r) => {
    [region, `${100 + r * 7}`, `${210 + r * 3}`, `${330 - r * 5}`, `${400 + r}`].forEach((cell, c) =>
      page.drawText(cell, { x: 50 + c * 100, y: 740 - r * 18, size: 10, font }),
    );
  });
  page.drawText('Figures are rounded to the nearest thousand.', { x: 50, y: 600, size: 11, font });
  return doc.save();
}

/** A report as a word processor would write it: title, two-column section, ruled table, lists, link and colours. */
function reportHtml(): string {
  const vocabulary = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');
  let seed = 7;
  const word = () => vocabulary[(seed = (seed * 48271) % 2147483647) % vocabulary.length];
  const sentence = (n: number) => `${Array.from({ length: n }, word).join(' ')}.`;
  const paragraphs = (count: number, n: number) => Array.from({ length: count }, () => `<p>${sentence(n)}</p>`).join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Report</title></head><body>
<h1>Quarterly Report</h1>
<p>${sentence(40)} <b>Bold statement here</b> and <i>an italic remark</i> with <span style="color:#c00000">red warning text</span>. See <a href="https://example.org/report">the full report online</a> for details.</p>
<multicol cols="2" gutter="24">${paragraphs(6, 60)}</multicol>
<h2>Figures</h2>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>Region</th><th>Sales</th><th>Growth</th></tr>
<tr><td>North</td><td>1,200</td><td>4.5%</td></tr><tr><td>South</td><td>980</td><td>-1.2%</td></tr><tr><td>East and far east</td><td>1,430</td><td>7.9%</td></tr>
</table>
<ul><li>First point to remember</li><li>Second point, a little longer than the first one</li></ul>
<ol><li>Open the file</li><li>Convert it</li><li>Check the result</li></ol>
${paragraphs(3, 50)}
</body></html>`;
}

/**
 * PDFs written by LibreOffice (embedded subset fonts, kerned text, link
 * annotations): the report above and the corpus's Word files, when soffice
 * is installed.
 */
function libreOfficePdfs(work: string): { name: string; bytes: Uint8Array }[] {
  const dir = join(work, 'lo-inputs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lo-report.html'), reportHtml());
  const profile = `-env:UserInstallation=file://${work}/profile`;
  spawnSync('soffice', ['--headless', profile, '--infilter=HTML (StarWriter)', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', dir, join(dir, 'lo-report.html')], { timeout: 300_000 });
  const docxCorpus = resolve(root, '../shared/corpus/docx');
  if (existsSync(docxCorpus)) {
    const files = readdirSync(docxCorpus).filter((f) => f.endsWith('.docx'));
    for (const f of files) copyFileSync(join(docxCorpus, f), join(dir, `lo-${f}`));
    if (files.length > 0) spawnSync('soffice', ['--headless', profile, '--convert-to', 'pdf', '--outdir', dir, ...files.map((f) => join(dir, `lo-${f}`))], { timeout: 300_000 });
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
}

async function main(): Promise<void> {
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { default: processor } = (await vite.ssrLoadModule('/src/processors/pdf-to-word.ts')) as { default: Processor };
    const pdfjs = (await vite.ssrLoadModule('/src/lib/pdf/pdfjs.ts')) as Pdfjs;
    const fixtures = (await vite.ssrLoadModule('/tests/fixtures/word-pdfs.ts')) as Fixtures;

    const work = mkdtempSync(join(tmpdir(), 'bench-word-'));
    const hasSoffice = spawnSync('soffice', ['--version']).status === 0;
    const inputs: { name: string; bytes: Uint8Array }[] = [
      { name: 'generated-layout.pdf', bytes: await fixtures.layoutPdf() },
      { name: 'generated-three-columns.pdf', bytes: await threeColumnPdf() },
      { name: 'generated-aligned-table.pdf', bytes: await alignedTablePdf() },
      ...(hasSoffice ? libreOfficePdfs(work) : []),
      // Further PDFs named on the command line: `npm run bench:word -- a.pdf b.pdf`.
      ...process.argv.slice(2).map((file) => ({ name: basename(file), bytes: new Uint8Array(readFileSync(file)) })),
    ];
    if (existsSync(corpus)) {
      for (const file of readdirSync(corpus).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) inputs.push({ name: file, bytes: new Uint8Array(readFileSync(join(corpus, file))) });
    } else {
      console.log(`(no corpus at ${corpus}; generated files only)`);
    }

    const ctx = { signal: new AbortController().signal, onProgress: () => {} };
    const options = processor.options.parse({});
    const rows: { name: string; status: string; overlap?: number; order?: number; ms?: number; docx?: string }[] = [];
    for (const input of inputs) {
      let source: string[];
      try {
        source = await pdfWords(pdfjs, input.bytes, input.name);
      } catch (error) {
        rows.push({ name: input.name, status: `pdf.js cannot read it (${(error as Error).message.slice(0, 60)})` });
        continue;
      }
      if (source.length === 0) {
        rows.push({ name: input.name, status: 'no text layer' });
        continue;
      }
      const started = performance.now();
      try {
        const [out] = await processor.run([{ name: input.name, type: 'application/pdf', bytes: input.bytes }], options, ctx);
        const ms = performance.now() - started;
        const got = docxWords(out!.bytes);
        // Word's list numbering replaces the typed numbers; count them back so they are not missed words.
        const share = Math.min(1, overlap(source, got) + listNumbers(out!.bytes) / Math.max(1, source.length));
        const docx = join(work, `${basename(input.name, '.pdf')}.docx`);
        writeFileSync(docx, out!.bytes);
        rows.push({ name: input.name, status: share >= THRESHOLD ? 'equal' : 'DIFFERS', overlap: share, order: inOrder(source, got), ms, docx });
      } catch (error) {
        rows.push({ name: input.name, status: `ERROR ${(error as Error).message.slice(0, 80)}`, ms: performance.now() - started });
      }
    }

    // LibreOffice: one headless run converts every .docx; an output PDF that pdf.js opens counts as opened.
    const opened = new Map<string, boolean>();
    const docxFiles = rows.flatMap((r) => (r.docx ? [r.docx] : []));
    if (hasSoffice && docxFiles.length > 0) {
      spawnSync('soffice', ['--headless', `-env:UserInstallation=file://${work}/profile`, '--convert-to', 'pdf', '--outdir', work, ...docxFiles], { timeout: 600_000 });
      for (const docx of docxFiles) {
        const pdfPath = docx.replace(/\.docx$/, '.pdf');
        let ok = false;
        if (existsSync(pdfPath)) {
          try {
            const pdf = await pdfjs.openPdfjs(new Uint8Array(readFileSync(pdfPath)), basename(pdfPath));
            ok = pdf.doc.numPages > 0;
            await pdf.destroy();
          } catch {
            ok = false;
          }
        }
        opened.set(docx, ok);
      }
    }

    const width = Math.max(...rows.map((r) => r.name.length));
    console.log(`${'file'.padEnd(width)}  words overlap  result         in order  ${hasSoffice ? 'LibreOffice  ' : ''}time`);
    for (const r of rows) {
      const share = r.overlap === undefined ? '' : `${(r.overlap * 100).toFixed(1)} %`;
      const lo = hasSoffice ? (r.docx ? (opened.get(r.docx) ? 'opens' : 'FAILS') : '-').padEnd(13) : '';
      const order = r.order === undefined ? '' : `${(r.order * 100).toFixed(1)} %`;
      console.log(`${r.name.padEnd(width)}  ${share.padStart(13)}  ${r.status.padEnd(13)}  ${order.padStart(8)}  ${lo}${r.ms === undefined ? '' : `${Math.round(r.ms)} ms`}`);
    }
    const withText = rows.filter((r) => r.status !== 'no text layer' && !r.status.startsWith('pdf.js cannot'));
    const equal = withText.filter((r) => r.status === 'equal').length;
    console.log(
      `\n${equal} of ${withText.length} files with a text layer keep their text (>= ${THRESHOLD * 100} % of words): ${((equal / Math.max(1, withText.length)) * 100).toFixed(1)} %`,
    );
    console.log(`${rows.length - withText.length} files without a text layer (or unreadable by pdf.js) left out`);
    if (hasSoffice) {
      const ok = [...opened.values()].filter(Boolean).length;
      console.log(`LibreOffice opened ${ok} of ${opened.size} .docx files`);
    } else {
      console.log('LibreOffice (soffice) is not installed: the opening check was skipped');
    }
    rmSync(work, { recursive: true, force: true });
  } finally {
    await vite.close();
  }
}

await main();
