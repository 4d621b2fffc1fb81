/**
 * PDF to PDF/A over a folder of PDFs, each result judged by programs other
 * than Ghostscript: pdffonts (every font embedded), qpdf (GTS_PDFA1 output
 * intent with an ICC stream, /Metadata, not encrypted), the XMP's pdfaid
 * part and conformance, and pdftotext (the same words as the input).
 *
 *   npm run corpus:pdfa -- [folder, ../shared/corpus/pdf by default] [level: 2b | 1b | 3b]
 *
 * Prints one line per file and a summary: files converted with every check
 * passing, the messages of the files refused, and the time per file.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pdfToPdfa, { options, type PdfaLevel } from '../src/processors/pdf-to-pdfa';
import { pdfaIdentification } from '../src/lib/pdf/pdfa';

const [folder = '../shared/corpus/pdf', level = '2b'] = process.argv.slice(2);
const part = Number(level[0]);
const work = mkdtempSync(join(tmpdir(), 'pdfa-corpus-'));

const run = (program: string, args: string[]) => execFileSync(program, args, { encoding: 'latin1', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
const words = (path: string) => run('pdftotext', [path, '-']).split(/\s+/).filter(Boolean).join(' ');

/** What the independent readers find wrong with a result; empty when every check passes. */
function judge(input: string, output: string): string[] {
  const failed: string[] = [];
  const fonts = run('pdffonts', [output]).split('\n').slice(2).filter((l) => l.trim());
  const unembedded = fonts.filter((line) => line.trim().split(/\s+/).at(-5) !== 'yes');
  if (unembedded.length) failed.push(`pdffonts: not embedded ${unembedded.map((l) => l.split(/\s+/)[0]).join(', ')}`);
  if (spawnSync('qpdf', ['--is-encrypted', output]).status === 0) failed.push('qpdf: encrypted');
  const objects = (JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', output])) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] }).qpdf[1];
  const root = objects[`obj:${(objects.trailer!.value as Record<string, string>)['/Root']}`]!.value!;
  const intents = ((root['/OutputIntents'] as string[] | undefined) ?? []).map((ref) => objects[`obj:${ref}`]?.value ?? {});
  const intent = intents.find((i) => i['/S'] === '/GTS_PDFA1');
  if (!intent || !objects[`obj:${intent['/DestOutputProfile']}`]) failed.push('qpdf: no GTS_PDFA1 output intent with a profile');
  const metadata = root['/Metadata'] as string | undefined;
  if (!metadata) failed.push('qpdf: no /Metadata');
  else {
    const id = pdfaIdentification(run('qpdf', [`--show-object=${metadata}`, '--filtered-stream-data', output]));
    if (id.part !== part || id.conformance !== 'B') failed.push(`XMP: pdfaid ${id.part ?? '-'}${id.conformance ?? '-'}`);
  }
  try {
    const [before, after] = [words(input), words(output)];
    const sorted = (text: string) => text.split(' ').sort().join(' ');
    if (before !== after) failed.push(sorted(before) === sorted(after) ? 'pdftotext: same words, another reading order' : 'pdftotext: text differs');
  } catch {
    failed.push('pdftotext: cannot read');
  }
  return failed;
}

const files = readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
let passed = 0;
let refused = 0;
let textOnly = 0;
let total = 0;
const times: number[] = [];
for (const [index, name] of files.entries()) {
  const bytes = new Uint8Array(readFileSync(join(folder, name)));
  const started = performance.now();
  try {
    const [out] = await pdfToPdfa.run([{ name, type: 'application/pdf', bytes }], options.parse({ level: level as PdfaLevel }), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    const ms = performance.now() - started;
    times.push(ms);
    const path = join(work, `${index}.pdf`);
    writeFileSync(path, out!.bytes);
    const failed = judge(join(folder, name), path);
    total++;
    if (failed.length === 0) passed++;
    else if (failed.every((f) => f.startsWith('pdftotext'))) textOnly++;
    console.log(`${failed.length ? 'FAIL' : 'ok  '} ${name} ${Math.round(ms)} ms ${failed.join('; ')}`);
  } catch (error) {
    const ms = performance.now() - started;
    times.push(ms);
    refused++;
    console.log(`REFUSED ${name} ${Math.round(ms)} ms: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
}
rmSync(work, { recursive: true, force: true });
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `\n${files.length} files, level ${level}: ${passed} converted with every check passing (${Math.round((100 * passed) / files.length)}%), ` +
    `${textOnly} converted with only the text comparison differing, ${total - passed - textOnly} converted but failing a check, ${refused} refused. ` +
    `Time per file: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms, total ${Math.round(times.reduce((a, b) => a + b, 0) / 1000)} s.`,
);
