import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import type { OptionValues } from '../../schemas/manifest';
import { defaultOptions } from '../contract/options';
import { encode } from '../lib/image/encode';
import { manifestOf, runInPlace } from '../../tests/support/components';
import { chainShare, runChain, type ChainProgress, type ChainStep } from './run-chain';
import { loadProcessor } from './processor-modules';

async function webp(name: string, width: number, height: number): Promise<File> {
  const data = new Uint8ClampedArray(width * height * 4).fill(200);
  return new File([(await encode({ width, height, data }, 'webp', { quality: 80 })) as Uint8Array<ArrayBuffer>], name, { type: 'image/webp' });
}
const junk = (name: string) => new File([new TextEncoder().encode('RIFF0000WEBPVP8 not an image')], name, { type: 'image/webp' });
// A step's options are whole, as a validated workflow gives them: the fields' defaults with the step's own values.
const stepOf = (slug: string, options: OptionValues): ChainStep => {
  const manifest = manifestOf(slug);
  return { manifest, options: { ...defaultOptions(manifest.options), ...options } };
};
const steps: ChainStep[] = [stepOf('webp-to-jpg', { quality: 80 }), stepOf('jpg-to-pdf', { pageSize: 'fit', orientation: 'auto', margin: 'none' })];

describe('runChain', () => {
  it("runs each step on the previous step's results and lists the file that failed with its step", async () => {
    const progress: ChainProgress[] = [];
    const { results, failures } = await runChain(
      steps,
      [await webp('a.webp', 40, 30), junk('bad.webp'), await webp('c.webp', 20, 50)],
      new AbortController().signal,
      (p) => progress.push(p),
      runInPlace(loadProcessor),
    );
    expect(results).toHaveLength(1);
    expect(results[0].name).toBe('a.pdf');
    const doc = await PDFDocument.load(new Uint8Array(await results[0].blob.arrayBuffer()));
    expect(doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual([
      [30, 23],
      [15, 38],
    ]);
    expect(failures).toEqual([expect.objectContaining({ name: 'bad.webp', step: 1, message: expect.stringContaining('bad.webp') })]);
    const shares = progress.map(chainShare);
    expect(shares).toEqual([...shares].sort((x, y) => x - y));
    expect(shares.at(-1)).toBe(1);
  });

  it('ends at the step where nothing is left, listing every file with that step', async () => {
    const { results, failures } = await runChain(steps, [junk('only.webp')], new AbortController().signal, vi.fn(), runInPlace(loadProcessor));
    expect(results).toEqual([]);
    expect(failures).toEqual([expect.objectContaining({ name: 'only.webp', step: 1 })]);
  });
});
