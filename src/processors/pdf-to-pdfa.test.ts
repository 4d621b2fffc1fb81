/**
 * PDF to PDF/A, judged by readers that are not Ghostscript: pdffonts (every
 * font embedded), qpdf (output intent with an ICC stream, metadata, no
 * encryption, nothing that runs), the XMP read back (pdfaid part and
 * conformance) and pdftotext (the text unchanged).
 */
import '../../tests/setup/offscreen-canvas';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../contract/options';
import type { ProcessorModule } from '../contract/processor';
import { batchSupport, nodeSupport } from '../core/capability';
import { factsOf } from '../core/facts';
import { loadProcessor } from '../core/processor-modules';
import { runChain } from '../core/run-chain';
import { runFiles } from '../core/run-files';
import { stepCall } from '../core/step';
import { terminateOcr } from '../lib/ocr/recognize';
import { CancelledError } from '../lib/errors';
import { checkPdfa, fontsNotEmbedded, holdsScripts, pagesLosingText, passed, pdfaIdentification } from '../lib/pdf/pdfa';
import { readManifest } from '../manifests/read';
import { noisePng } from '../../tests/fixtures/pdf-build/build';
import { restrictedPdf } from '../../tests/fixtures/pdf/make';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../../tests/fixtures/scanned-pdf';
import { itJudgedBy, judgeCommand } from '../../tests/support/judges';
import pdfToPdfa, { restrictionsDroppedNote, emptyPageMessage, fontsMessage, lostTextMessage, options, transparencyMessage, type PdfaLevel } from './pdf-to-pdfa';

const TEXT = 'Archive copy of the quarterly report';
let work: string;
let count = 0;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-pdfa-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  return terminateOcr();
});

const ctx = (progress: [number, number][] = [], signal = new AbortController().signal) => ({
  signal,
  onProgress: (done: number, total: number) => progress.push([done, total]),
});
const input = (bytes: Uint8Array, name = 'report.pdf') => [{ name, type: 'application/pdf', bytes }];
const convert = async (bytes: Uint8Array, level: PdfaLevel = '2b', progress: [number, number][] = []) =>
  (await pdfToPdfa.run(input(bytes), options.parse({ level }), ctx(progress)))[0]!;

/** Writes bytes to a file in the work folder for the judges to read. */
function onDisk(bytes: Uint8Array): string {
  const path = join(work, `file-${++count}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

const run = (judge: Parameters<typeof judgeCommand>[0], args: string[]) =>
  execFileSync(judgeCommand(judge), args, { encoding: 'latin1', maxBuffer: 64 << 20 });

/** qpdf's JSON (version 2) of every object, by "obj:N G R". */
function qpdfObjects(path: string): Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }> {
  const json = JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', path])) as { qpdf: [unknown, Record<string, never>] };
  return json.qpdf[1];
}

/** What qpdf finds of PDF/A's requirements: output intent with an ICC stream, metadata, encryption, and the XMP itself. */
function qpdfView(path: string) {
  const objects = qpdfObjects(path);
  const trailer = objects.trailer!.value as Record<string, string>;
  const root = objects[`obj:${trailer['/Root']}`]!.value as Record<string, unknown>;
  const intentRefs = (root['/OutputIntents'] as string[] | undefined) ?? [];
  const intents = intentRefs.map((ref) => objects[`obj:${ref}`]!.value as Record<string, string>);
  const profiles = intents.map((intent) => objects[`obj:${intent['/DestOutputProfile']}`]?.stream?.dict);
  const metadataRef = root['/Metadata'] as string | undefined;
  const xmp = metadataRef ? run('qpdf', [`--show-object=${metadataRef}`, '--filtered-stream-data', path]) : '';
  const encrypted = spawnSync(judgeCommand('qpdf'), ['--is-encrypted', path]).status === 0;
  const all = JSON.stringify(objects);
  return { trailer, root, intents, profiles, xmp, encrypted, all };
}

/** pdffonts' rows: name and whether embedded. */
function pdffonts(path: string): { name: string; embedded: boolean }[] {
  const lines = run('pdffonts', [path]).split('\n').slice(2).filter((line) => line.trim());
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    // name type [type...] encoding emb sub uni object ID: emb is the fifth column from the end.
    return { name: columns[0]!, embedded: columns[columns.length - 5] === 'yes' };
  });
}

const pdftotext = (path: string) => run('pdftotext', ['-layout', path, '-']).replace(/\s+/g, ' ').trim();

/** One page of text in two standard fonts, neither embedded (pdf-lib only names them). */
async function standardFontPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(TEXT, { x: 72, y: 760, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  page.drawText('Signed off by the finance team', { x: 72, y: 720, size: 12, font: await doc.embedFont(StandardFonts.TimesRoman) });
  return doc.save();
}

/** Text over an image with an alpha channel (a soft mask) and a half-opaque rectangle. */
async function transparentPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const image = await doc.embedPng(noisePng(64, 64, true));
  page.drawImage(image, { x: 72, y: 500, width: 200, height: 200 });
  page.drawRectangle({ x: 300, y: 500, width: 200, height: 200, color: rgb(0, 0, 1), opacity: 0.5 });
  page.drawText(TEXT, { x: 72, y: 760, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** Text with document JavaScript, a script run on opening and a link that runs a script. */
async function scriptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await standardFontPdf());
  const { context } = doc;
  const script = (js: string) => context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(js) } as never));
  doc.catalog.set(PDFName.of('OpenAction'), script('app.alert("opened");'));
  const names = context.obj({ JavaScript: context.obj({ Names: [PDFString.of('hello'), script('app.alert("hello");')] } as never) } as never);
  doc.catalog.set(PDFName.of('Names'), names);
  const link = context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 750, 400, 780], Border: [0, 0, 0], A: script('app.launchURL("https://example.com");') } as never);
  doc.getPage(0).node.set(PDFName.of('Annots'), context.obj([context.register(link)]));
  return doc.save();
}

function expectPdfa(view: ReturnType<typeof qpdfView>, part: number) {
  expect(view.encrypted).toBe(false);
  // PDF/A needs the file identifier in the trailer, and pdf-lib rewrites the trailer when scripts are removed.
  expect(view.trailer['/ID']).toHaveLength(2);
  expect(view.intents).toHaveLength(1);
  expect(view.intents[0]!['/S']).toBe('/GTS_PDFA1');
  expect(view.profiles[0]).toMatchObject({ '/N': 3 });
  expect(view.root['/Metadata']).toBeDefined();
  expect(pdfaIdentification(view.xmp)).toEqual({ part, conformance: 'B' });
}

describe('pdf-to-pdfa', () => {
  itJudgedBy(['qpdf', 'pdffonts', 'pdftotext'], 'makes PDF/A-2b by default: standard fonts embedded, sRGB output intent, XMP, text unchanged', async () => {
    const original = await standardFontPdf();
    const before = original.slice();
    const progress: [number, number][] = [];
    const out = await convert(original, '2b', progress);
    expect(original).toEqual(before);
    const path = onDisk(out.bytes);
    const source = onDisk(original);

    // The judges can fail: the input itself has fonts that are not embedded and no output intent.
    expect(pdffonts(source).every((font) => font.embedded)).toBe(false);
    expect(qpdfView(source).intents).toEqual([]);

    const fonts = pdffonts(path);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['Helvetica', 'Times-Roman']);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expectPdfa(qpdfView(path), 2);
    expect(pdftotext(path)).toBe(pdftotext(source));
    expect(out.meta).toMatchObject({ pageCount: 1, conformance: 'PDF/A-2b' });
    expect(out.note).toBeUndefined();
    expect(progress.at(-1)).toEqual([2, 2]);
  }, 60_000);

  itJudgedBy(['qpdf', 'pdffonts', 'pdftotext'], 'makes PDF/A-1b (PDF 1.4, no object streams) and PDF/A-3b when asked', async () => {
    const original = await standardFontPdf();
    const one = onDisk((await convert(original, '1b')).bytes);
    const three = onDisk((await convert(original, '3b')).bytes);
    expectPdfa(qpdfView(one), 1);
    expectPdfa(qpdfView(three), 3);
    expect(JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', one])).qpdf[0].pdfversion).toBe('1.4');
    expect(qpdfView(one).all).not.toContain('/ObjStm');
    for (const path of [one, three]) {
      expect(pdffonts(path).every((font) => font.embedded)).toBe(true);
      expect(pdftotext(path)).toContain(TEXT);
    }
  }, 60_000);

  itJudgedBy(['qpdf', 'pdftotext'], 'keeps transparency in PDF/A-2b, and refuses it for PDF/A-1b naming the page', async () => {
    const original = await transparentPdf();
    const out = await convert(original, '2b');
    const path = onDisk(out.bytes);
    const view = qpdfView(path);
    expectPdfa(view, 2);
    expect(view.all).toContain('/SMask');
    expect(pdftotext(path)).toContain(TEXT);
    await expect(convert(original, '1b')).rejects.toThrow(transparencyMessage([1]));
    expect(transparencyMessage([1])).toBe('Page 1 uses transparency, which PDF/A-1b does not allow. Choose PDF/A-2b, which keeps transparency as it is.');
  }, 60_000);

  itJudgedBy(['qpdf', 'pdffonts', 'pdftotext'], 'makes PDF/A-1b of a page whose transparency group holds nothing transparent, dropping the group', async () => {
    const doc = await PDFDocument.load(await standardFontPdf());
    doc.getPage(0).node.set(PDFName.of('Group'), doc.context.obj({ Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' } as never));
    const original = await doc.save();
    const path = onDisk((await convert(original, '1b')).bytes);
    const view = qpdfView(path);
    expectPdfa(view, 1);
    expect(view.all).not.toContain('/Transparency');
    expect(pdffonts(path).every((font) => font.embedded)).toBe(true);
    expect(pdftotext(path)).toContain(TEXT);
  }, 60_000);

  it('refuses a page that would lose its text, and a page without a size, naming the page', async () => {
    const withText = await PDFDocument.load(await standardFontPdf());
    const picture = await PDFDocument.create();
    picture.addPage([595, 842]).drawImage(await picture.embedPng(noisePng(8, 8, false)), { x: 0, y: 0, width: 595, height: 842 });
    expect(pagesLosingText(withText, picture)).toEqual([1]);
    expect(pagesLosingText(withText, withText)).toEqual([]);
    expect(lostTextMessage([1], '1b')).toBe(
      'Page 1 would lose its text (it could no longer be found or copied). PDF/A-1b allows no transparency, so the converter would turn it into a picture. Choose PDF/A-2b, which keeps the text and the transparency.',
    );
    const empty = await PDFDocument.load(await standardFontPdf());
    empty.addPage([0, 0]);
    await expect(convert(await empty.save())).rejects.toThrow(emptyPageMessage([2]));
  });

  itJudgedBy(['qpdf', 'pdftotext'], 'removes JavaScript: document scripts, the open action and script links', async () => {
    const original = await scriptedPdf();
    const source = qpdfView(onDisk(original));
    expect(source.all).toContain('/JavaScript');
    const out = await convert(original);
    expect(holdsScripts(await PDFDocument.load(out.bytes))).toBe(false);
    const path = onDisk(out.bytes);
    const view = qpdfView(path);
    expectPdfa(view, 2);
    expect(view.all).not.toContain('/JavaScript');
    expect(view.all).not.toContain('app.alert');
    expect(view.all).not.toContain('/OpenAction');
    expect(pdftotext(path)).toContain(TEXT);
  }, 60_000);

  itJudgedBy('qpdf', 'leaves a restrictions-only input unencrypted, through the run core too, and says so on the card', async () => {
    const restricted = await restrictedPdf(await standardFontPdf());
    const run = await runFiles(pdfToPdfa as ProcessorModule, [{ name: 'locked.pdf', type: 'application/pdf', read: async () => restricted }], { level: '2b' }, {
      signal: new AbortController().signal,
      onProgress: () => undefined,
      each: true,
    });
    expect(run.failures).toEqual([]);
    const [out] = run.outputs;
    expect(out!.note).toBe(restrictionsDroppedNote());
    const view = qpdfView(onDisk(out!.bytes));
    expectPdfa(view, 2);
  }, 60_000);

  it('the independent check fails a PDF that only looks like one: no output intent, no XMP claim, font not embedded', async () => {
    const doc = await PDFDocument.load(await standardFontPdf());
    const problems = checkPdfa(doc, 2);
    expect(passed(problems)).toBe(false);
    expect(problems).toMatchObject({ encrypted: false, outputIntent: true, identification: 0, scripts: false });
    expect(holdsScripts(await PDFDocument.load(await scriptedPdf()))).toBe(true);
    expect(fontsNotEmbedded(doc).sort()).toEqual(['Helvetica', 'Times-Roman']);
    expect(fontsMessage(['Helvetica'], '2b')).toContain('The font "Helvetica" could not be embedded, and PDF/A-2b needs every font inside the file.');
  });

  it('the check holds the XMP to the part asked for', async () => {
    const out = await convert(await standardFontPdf(), '2b');
    const doc = await PDFDocument.load(out.bytes);
    expect(passed(checkPdfa(doc, 2))).toBe(true);
    expect(checkPdfa(doc, 1).identification).toBe(2);
    expect(pdfaIdentification("<pdfaid:part>1</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>")).toEqual({ part: 1, conformance: 'B' });
  }, 60_000);

  it('refuses what is not a PDF with the usual message, and stops when cancelled', async () => {
    await expect(convert(new TextEncoder().encode('plain text'))).rejects.toThrow(/not a PDF/i);
    const stop = new AbortController();
    stop.abort();
    await expect(pdfToPdfa.run(input(await standardFontPdf()), options.parse({}), ctx([], stop.signal))).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('hosts without the page', () => {
  it('runs in folder batch and on the command line', () => {
    const manifest = readManifest('pdf-to-pdfa');
    expect(batchSupport(manifest)).toEqual({ ok: true });
    expect(nodeSupport(manifest)).toEqual({ ok: true });
  });
});

describe('scan-to-archive workflow', () => {
  itJudgedBy(['qpdf', 'pdffonts'], 'reads a scan with OCR, then makes the searchable PDF a PDF/A-2b', async () => {
    const manifest = (slug: string) => readManifest(slug);
    const steps = [
      { manifest: manifest('ocr-pdf'), options: { ...defaultOptions(manifest('ocr-pdf').options), language: 'eng' } },
      { manifest: manifest('pdf-to-pdfa'), options: defaultOptions(manifest('pdf-to-pdfa').options) },
    ];
    const scan = await scannedPdf([SAMPLE_TEXT]);
    const files = [new File([scan.bytes as Uint8Array<ArrayBuffer>], 'scan.pdf', { type: 'application/pdf' })];
    const { results, failures } = await runChain(steps, files, new AbortController().signal, () => undefined, async (processor, current, values, signal, onProgress, each, fields) => {
      const sources = current.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
      return runFiles(await loadProcessor(processor), sources, values, { signal, onProgress, each, fields });
    });
    expect(failures).toEqual([]);
    expect(results.map((r) => r.name)).toEqual(['scan-searchable-pdfa.pdf']);
    const path = onDisk(new Uint8Array(await results[0]!.blob.arrayBuffer()));
    expectPdfa(qpdfView(path), 2);
    expect(pdffonts(path).every((font) => font.embedded)).toBe(true);
    const text = run('pdftotext', [path, '-']);
    expect(wordAccuracy(SAMPLE_TEXT.join(' '), text)).toBeGreaterThan(0.8);
    // The step call a page would make: one file at a time.
    expect(stepCall(steps[1]!.manifest, steps[1]!.options, factsOf(files)).each).toBe(true);
  }, 180_000);
});
