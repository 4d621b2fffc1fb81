/**
 * An image option on the command line: `filedesk add-watermark --image
 * logo.png file.pdf` reads the path into the field's value, checks it as the
 * page does, and the processor draws it.
 */
import { createCanvas } from '@napi-rs/canvas';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, UsageError } from '../src/cli/args';
import { toolHelp } from '../src/cli/help';
import { allowedValues, resolveOptions } from '../src/cli/options';
import { decodeImageValue } from '../src/contract/image-value';
import { loadProcessor } from '../src/core/processor-modules';
import { readManifest } from '../src/manifests/read';
import { ctx, pdfInput, qpdfChecks } from './fixtures/pdf/make';

const manifest = readManifest('add-watermark');
const facts = { fileCount: 1, totalBytes: 1000 };
let work: string;

function logoPng(): Uint8Array {
  const canvas = createCanvas(60, 30);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0000ff';
  context.fillRect(0, 0, 60, 30);
  return new Uint8Array(canvas.encodeSync('png'));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-image-option-'));
  writeFileSync(join(work, 'logo.png'), logoPng());
  writeFileSync(join(work, 'logo.gif'), 'GIF89a and more');
  writeFileSync(join(work, 'poster.png'), new Uint8Array(6 * 1048576));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an image option on the command line', () => {
  it('takes a path: --image logo.png file.pdf reads logo.png as the value and file.pdf as the input', () => {
    const parsed = parseRunArgs(['--image', 'logo.png', 'file.pdf', '--opacity=50'], manifest.options);
    expect(parsed.values).toEqual({ image: 'logo.png', opacity: '50' });
    expect(parsed.paths).toEqual(['file.pdf']);
    const field = manifest.options.find((f) => f.name === 'image')!;
    expect(allowedValues(field)).toBe('the path of a PNG or JPEG file');
  });

  it('help says that giving --image switches the watermark to the image, and keeps the condition of the fields it does not switch', () => {
    const help = toolHelp('add-watermark');
    const section = (flag: string) => help.slice(help.indexOf(`  ${flag}`), help.indexOf('\n  --', help.indexOf(`  ${flag}`) + 1));
    expect(section('--image <value>')).toContain('Giving it sets --kind to image.');
    expect(section('--image <value>')).not.toContain('Used only when');
    expect(section('--imageWidth <value>')).toContain('Used only when --kind is image.');
    expect(section('--text <value>')).toContain('Used only when --kind is text.');
  });

  it('reads the file into the value, switches the watermark to the image, and the processor draws it', async () => {
    const options = await resolveOptions(manifest, { image: join(work, 'logo.png'), layout: 'tiled' }, facts);
    expect(options.kind).toBe('image');
    const image = decodeImageValue(String(options.image))!;
    expect(image.name).toBe('logo.png');
    expect(image.bytes).toEqual(logoPng());

    const processor = await loadProcessor(manifest.processor!);
    const doc = await PDFDocument.create();
    doc.addPage([400, 300]);
    const [out] = await processor.run([pdfInput(await doc.save())], processor.options.parse(options), ctx());
    const page = (await PDFDocument.load(out.bytes)).getPage(0);
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(xobjects.keys()).toHaveLength(1);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  });

  it('without --image keeps the text watermark', async () => {
    const options = await resolveOptions(manifest, {}, facts);
    expect(options).toMatchObject({ kind: 'text', text: 'CONFIDENTIAL', image: '' });
  });

  it('says what is wrong with a missing, wrong or too large file, naming the option', async () => {
    const given = (image: string, kind?: string) => resolveOptions(manifest, { image, ...(kind ? { kind } : {}) }, facts);
    await expect(given(join(work, 'nothing.png'))).rejects.toThrow(UsageError);
    await expect(given(join(work, 'nothing.png'))).rejects.toThrow(/^--image: the file ".*nothing\.png" cannot be read \(ENOENT\)\. Please give the path of a PNG or JPEG file\.$/);
    await expect(given(work)).rejects.toThrow(/^--image takes the path of a PNG or JPEG file; ".*" is not a file\.$/);
    await expect(given(join(work, 'logo.gif'))).rejects.toThrow(
      'Invalid file for --image: The file logo.gif is not a PNG or JPEG image. Please choose a PNG or JPEG file for the watermark image.',
    );
    await expect(given(join(work, 'poster.png'))).rejects.toThrow(
      'The file poster.png is 6.0 MB; the watermark image can be at most 5.0 MB. Please choose a smaller image.',
    );
    await expect(given('', 'image')).rejects.toThrow('Invalid file for --image: Please choose the watermark image (a PNG or JPEG file).');
  });
});
