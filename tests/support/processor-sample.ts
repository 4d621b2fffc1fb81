/**
 * A processor run on small generated inputs, as the worker runs it for a
 * tool: the manifest's default options with its processorSettings, parsed by
 * the processor's own schema. The tests a new tool starts with (scripts/new-tool.ts)
 * use it to check that the tool makes real files of the types it declares.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ToolManifest } from '../../schemas/manifest';
import type { ProcessorModule } from '../../src/contract/processor';
import type { ToolInput, ToolOutput } from '../../src/contract/types';
import { filledDefaults } from './filled-defaults';
import { fixtureFor } from './image-fixtures';

const TEXT_SAMPLES: Record<string, string> = {
  'text/csv': 'name,age\nAda,36\nAlan,41\nGrace,45\n',
  'text/plain': 'The quick brown fox jumps over the lazy dog.\n',
  'application/json': '{"people":[{"name":"Ada","age":36},{"name":"Alan","age":41}]}',
  'application/xml': '<?xml version="1.0"?><people><person><name>Ada</name><age>36</age></person><person><name>Alan</name><age>41</age></person></people>',
  'text/xml': '<?xml version="1.0"?><people><person><name>Ada</name><age>36</age></person></people>',
};

/** A two-page PDF with a line of text on each page. */
async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) doc.addPage([595, 842]).drawText(`Sample page ${n}`, { x: 72, y: 760, size: 18, font });
  return doc.save();
}

/** One small generated file of `mime`; throws for a type with no generator, so the test says what to add. */
async function sampleFile(mime: string, extension: string, n: number): Promise<ToolInput> {
  const name = `sample-${n}${extension}`;
  if (mime === 'application/pdf') return { name, type: mime, bytes: await samplePdf() };
  const text = TEXT_SAMPLES[mime];
  if (text !== undefined) return { name, type: mime, bytes: new TextEncoder().encode(text) };
  const image = fixtureFor(mime);
  if (image) return { name: `sample-${n}.${image.ext}`, type: mime, bytes: image.bytes };
  throw new Error(`No generated sample of ${mime}: give this test an input of its own`);
}

/** As many generated inputs as the tool needs at least, of the first type it accepts. */
export async function sampleInputs(tool: ToolManifest): Promise<ToolInput[]> {
  const [mime, extensions] = Object.entries(tool.accept)[0] ?? [];
  if (!mime) throw new Error(`${tool.slug} takes no files: give this test an input of its own`);
  const count = Math.max(tool.limits.minFiles, 1);
  return Promise.all(Array.from({ length: count }, (_, i) => sampleFile(mime, extensions?.[0] ?? '', i + 1)));
}

/** Runs the processor on `inputs` with the tool's defaults and settings, as the page's worker would. */
export async function runAsTool<S extends z.ZodType>(tool: ToolManifest, processor: ProcessorModule<S>, inputs: ToolInput[]): Promise<ToolOutput[]> {
  const options = processor.options.parse({ ...filledDefaults(tool), ...tool.processorSettings });
  return processor.run(inputs, options, { signal: new AbortController().signal, onProgress: () => undefined });
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The first bytes every file of a type starts with, for the types whose files have them. */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'application/pdf': (b) => ascii(b, 0, 5) === '%PDF-',
  'image/png': (b) => ascii(b, 1, 4) === 'PNG',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'image/gif': (b) => ascii(b, 0, 4) === 'GIF8',
  'image/tiff': (b) => ['II*\0', 'MM\0*'].includes(ascii(b, 0, 4)),
  'image/avif': (b) => ascii(b, 4, 12) === 'ftypavif',
  'application/zip': (b) => ascii(b, 0, 2) === 'PK',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (b) => ascii(b, 0, 2) === 'PK',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (b) => ascii(b, 0, 2) === 'PK',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': (b) => ascii(b, 0, 2) === 'PK',
  'application/json': (b) => JSON.parse(new TextDecoder().decode(b)) !== undefined,
};

/** Every output is a non-empty file of a type the manifest produces, starting as files of that type do. */
export function expectProducedFiles(tool: ToolManifest, outputs: ToolOutput[]): void {
  expect(outputs.length).toBeGreaterThan(0);
  for (const output of outputs) {
    expect(Object.keys(tool.produces)).toContain(output.type);
    expect(output.bytes.byteLength).toBeGreaterThan(0);
    const signature = SIGNATURES[output.type];
    if (signature) expect(signature(output.bytes), `${output.type} signature`).toBe(true);
  }
}
