import '../../tests/setup/offscreen-canvas';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { terminateOcr } from '../lib/ocr/recognize';
import extractText from './extract-text-from-image';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'OCR Test Sans');
afterAll(() => terminateOcr());

function textImage(lines: string[], width = 900): Uint8Array {
  const canvas = createCanvas(width, 60 + lines.length * 50);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '32px "OCR Test Sans"';
  lines.forEach((line, i) => g.fillText(line, 30, 60 + i * 50));
  return new Uint8Array(canvas.encodeSync('png'));
}

describe('extract-text-from-image', () => {
  it('reads rendered English text back word for word, with progress', async () => {
    const lines = ['The quick brown fox jumps over', 'the lazy dog near 42 river banks.'];
    const onProgress = vi.fn();
    const [out] = await extractText.run([{ name: 'note.png', type: 'image/png', bytes: textImage(lines) }], {}, { signal: new AbortController().signal, onProgress });
    expect(out.type).toBe('text/plain');
    const text = new TextDecoder().decode(out.bytes);
    expect(text.split(/\s+/).filter(Boolean)).toEqual(lines.join(' ').split(' '));
    expect(out.meta?.words).toBe(13);
    expect(onProgress).toHaveBeenLastCalledWith(100, 100);
  }, 120_000);

  it('reads accented French word for word with the French language data', async () => {
    const lines = ['Le château médiéval accueille les élèves', 'pendant la fête de la moisson en août.'];
    const input = [{ name: 'affiche.png', type: 'image/png', bytes: textImage(lines, 1000) }];
    const onProgress = vi.fn();
    const [out] = await extractText.run(input, { language: 'fra' }, { signal: new AbortController().signal, onProgress });
    const text = new TextDecoder().decode(out!.bytes);
    expect(text.split(/\s+/).filter(Boolean)).toEqual(lines.join(' ').split(' '));
    expect(onProgress).toHaveBeenLastCalledWith(100, 100);
  }, 120_000);

  it('says when an image holds no text', async () => {
    const run = extractText.run([{ name: 'blank.png', type: 'image/png', bytes: textImage([]) }], {}, { signal: new AbortController().signal, onProgress: vi.fn() });
    await expect(run).rejects.toThrow('No text was found in blank.png.');
  }, 120_000);
});
