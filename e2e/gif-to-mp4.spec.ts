/**
 * GIF to MP4 in real Chromium: the browser's H.264 encoder (WebCodecs) and
 * mediabunny's MP4 writer. The download is read back in Node with
 * mediabunny's demuxer: codec, size, frame count and length.
 */
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { encode as encodeGif } from '../src/lib/image/codecs/gif';
import type { ImageFrame } from '../src/lib/image/types';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

/** Three frames of 31 x 21 (odd sides) in red, green and blue, shown 200, 300 and 500 ms. */
function animatedGif(): Buffer {
  const frames: ImageFrame[] = [
    [220, 30, 30, 200],
    [30, 200, 30, 300],
    [30, 30, 220, 500],
  ].map(([r, g, b, delayMs]) => {
    const data = new Uint8ClampedArray(31 * 21 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([r!, g!, b!, 255], i);
    return { width: 31, height: 21, data, delayMs: delayMs! };
  });
  return Buffer.from(encodeGif(frames));
}

test('gif-to-mp4: an H.264 MP4 with every frame, for as long as the GIF runs', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoReal(page, '/tools/gif-to-mp4');
  await page.getByTestId('file-input').setInputFiles(upload('spinner.gif', 'image/gif', animatedGif()));
  await page.getByRole('button', { name: manifest('gif-to-mp4').action.label, exact: true }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('GIF converted to MP4!', { timeout: 60_000 });
  const { bytes } = await downloadResult(page, 'spinner.mp4');
  const input = new Input({ source: new BufferSource(new Uint8Array(bytes)), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  expect(track).not.toBeNull();
  expect(track!.codec).toBe('avc');
  expect([track!.codedWidth, track!.codedHeight]).toEqual([32, 22]);
  expect(await track!.computeDuration()).toBeCloseTo(1.0, 1);
  let packets = 0;
  for await (const _packet of new EncodedPacketSink(track!).packets()) packets++;
  expect(packets).toBe(3);
});
