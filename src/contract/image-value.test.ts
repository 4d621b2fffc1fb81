import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../schemas/manifest';
import { decodeImageValue, imageValue, imageValueHead, type ImageField } from './image-value';
import { checkOptions } from './options';

const field = fieldSchema.parse({
  name: 'image',
  type: 'image',
  label: 'Watermark image',
  default: '',
  accept: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  maxBytes: 1000,
  required: true,
  requiredMessage: 'Please choose the watermark image.',
}) as ImageField;
const facts = { fileCount: 1, totalBytes: 1 };
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (size = 40) => new Uint8Array(size).map((_, i) => PNG_START[i] ?? i % 251);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

const check = (value: unknown, fields = [field]) => checkOptions(fields, { image: value as string }, facts);

describe('image option values', () => {
  it('carry the name, type and exact bytes of the file', () => {
    const bytes = png(70_000);
    const value = imageValue('mon logo é.png', 'image/png', bytes);
    expect(value.startsWith('data:image/png;name=mon%20logo%20%C3%A9.png;base64,')).toBe(true);
    expect(imageValueHead(value)).toMatchObject({ name: 'mon logo é.png', type: 'image/png', size: 70_000 });
    const file = decodeImageValue(value)!;
    expect(file.name).toBe('mon logo é.png');
    expect(file.bytes).toEqual(bytes);
    expect(decodeImageValue('')).toBeNull();
    expect(decodeImageValue('not a data url')).toBeNull();
  });

  it('is a field type the manifest schema knows, whose default is no image', () => {
    expect(field.type).toBe('image');
    expect(() => fieldSchema.parse({ ...field, default: 'data:image/png;base64,AAAA' })).toThrow();
    expect(() => fieldSchema.parse({ ...field, accept: { 'image/gif': ['.gif'] } })).toThrow();
  });

  it('accepts a PNG or a JPEG within the size limit', () => {
    expect(check(imageValue('logo.png', 'image/png', png())).ok).toBe(true);
    expect(check(imageValue('logo.jpg', 'image/jpeg', jpeg)).ok).toBe(true);
    // The bytes decide, not the name: a PNG whose name says JPEG is still a PNG.
    expect(check(imageValue('logo.jpg', 'image/jpeg', png())).ok).toBe(true);
  });

  it('asks for an image when it is required and none is chosen, and lets a hidden or optional field be blank', () => {
    expect(check('')).toEqual({ ok: false, field: 'image', message: 'Please choose the watermark image.' });
    expect(check('', [{ ...field, required: false }]).ok).toBe(true);
    expect(check('', [{ ...field, visibleWhen: { option: 'kind', equals: 'image' } }]).ok).toBe(true);
  });

  it('names the file and what to do for a wrong type, a damaged file, an empty one and one too large', () => {
    const gif = new TextEncoder().encode('GIF89a and some more bytes');
    expect(check(imageValue('logo.gif', 'image/gif', gif))).toEqual({
      ok: false,
      field: 'image',
      message: 'The file logo.gif is not a PNG or JPEG image. Please choose a PNG or JPEG file for the watermark image.',
    });
    expect(check(imageValue('logo.png', 'image/png', new TextEncoder().encode('not really a png')))).toMatchObject({
      message: 'The file logo.png is damaged or not a valid PNG image. Please choose another PNG or JPEG image.',
    });
    expect(check(imageValue('empty.png', 'image/png', new Uint8Array()))).toMatchObject({
      message: 'The file empty.png is empty. Please choose a PNG or JPEG image.',
    });
    expect(check(imageValue('big.png', 'image/png', png(3000)))).toMatchObject({
      message: 'The file big.png is 3 KB; the watermark image can be at most 1 KB. Please choose a smaller image.',
    });
    expect(check('data:text/plain,hello')).toMatchObject({ message: 'The watermark image could not be read. Please choose a PNG or JPEG file again.' });
  });

  it('says megabytes the way people read them', () => {
    const big = { ...field, maxBytes: 5 * 1048576 };
    expect(check(imageValue('photo.jpg', 'image/jpeg', new Uint8Array(6 * 1048576).fill(0xff)), [big])).toMatchObject({
      message: 'The file photo.jpg is 6.0 MB; the watermark image can be at most 5.0 MB. Please choose a smaller image.',
    });
  });
});
