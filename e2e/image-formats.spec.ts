/**
 * Every image converter on the family processor, run once for real in
 * Chromium: the codecs' WebAssembly loads from the site, the download is
 * parsed back in Node (format signature, size, colours) and its name checked.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import * as UTIFModule from 'utif2';
import { parseGIF, decompressFrames } from 'gifuct-js';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, loadManifests, upload } from './support';
import { FIXTURE_HEIGHT, FIXTURE_WIDTH, fixtureFor } from '../tests/support/image-fixtures';

// Playwright loads the CommonJS build, whose functions sit on `default`.
const UTIF: typeof UTIFModule = typeof UTIFModule.decode === 'function' ? UTIFModule : (UTIFModule as unknown as { default: typeof UTIFModule }).default;

interface ConverterManifest {
  slug: string;
  title: string;
  accept: Record<string, string[]>;
  action: { label: string };
  processorSettings: { to: string };
  messages: { success: string };
}

const converters = loadManifests()
  .filter((m) => m.processor === 'image-convert')
  .map((m): ConverterManifest => ({ ...m, processorSettings: { to: String(m.processorSettings?.to) } }));

/** Width, height and the RGB at a point of a downloaded file, read by an independent decoder. */
function inspect(to: string, bytes: Buffer): { width: number; height: number; rgbAt(x: number, y: number): number[] } | null {
  if (to === 'png') {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, rgbAt: (x, y) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)] };
  }
  if (to === 'jpg') {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    return { width: img.width, height: img.height, rgbAt: (x, y) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)] };
  }
  if (to === 'gif') {
    const gif = parseGIF(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const [frame] = decompressFrames(gif, true);
    return { width: gif.lsd.width, height: gif.lsd.height, rgbAt: (x, y) => [...frame.patch.subarray((y * frame.dims.width + x) * 4, (y * frame.dims.width + x) * 4 + 3)] };
  }
  if (to === 'tiff') {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const [ifd] = UTIF.decode(buffer);
    UTIF.decodeImage(buffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    return { width: ifd.width, height: ifd.height, rgbAt: (x, y) => [...rgba.subarray((y * ifd.width + x) * 4, (y * ifd.width + x) * 4 + 3)] };
  }
  return null; // WebP, AVIF, JPEG XL and EPS: checked by their signatures (their pixels are checked in the unit tests)
}

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(1, 4).toString('latin1') === 'PNG',
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8,
  webp: (b) => b.subarray(8, 12).toString('latin1') === 'WEBP',
  avif: (b) => b.subarray(4, 12).toString('latin1') === 'ftypavif',
  jxl: (b) => (b[0] === 0xff && b[1] === 0x0a) || b.subarray(4, 8).toString('latin1') === 'JXL ',
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  tiff: (b) => b[0] === 0x49 && b[1] === 0x49,
  eps: (b) => b.subarray(0, 23).toString('latin1') === '%!PS-Adobe-3.0 EPSF-3.0',
};

for (const tool of converters) {
  test(`${tool.slug}: a real conversion downloads a valid ${tool.processorSettings.to.toUpperCase()}`, async ({ page }) => {
    const mime = Object.keys(tool.accept)[0];
    const fixture = fixtureFor(mime);
    test.skip(!fixture, 'No sample of this format here');
    // The first run of a codec compiles its WebAssembly; on a busy machine that takes a while.
    test.setTimeout(150_000);
    await gotoReal(page, `/tools/${tool.slug}`);
    await expect(demoBadge(page)).toHaveCount(0);
    await page.getByTestId('file-input').setInputFiles(upload(`picture.${fixture!.ext}`, mime, Buffer.from(fixture!.bytes)));
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    const names = page.getByTestId('result-name');
    await expect(names).toHaveCount(1, { timeout: 120_000 });
    await expect(page.getByTestId('toast').filter({ hasText: /^Error/ })).toHaveCount(0);
    await expect(page.getByTestId('toast').filter({ hasText: '(Mock)' })).toHaveCount(0);
    const name = (await names.textContent())!.trim();
    const to = tool.processorSettings.to;
    expect(name).toMatch(new RegExp(`^picture(-frame)?\\.${to}$`));
    const { bytes } = await downloadResult(page, name);
    expect(SIGNATURES[to](bytes)).toBe(true);
    const image = inspect(to, bytes);
    if (image && mime === 'application/postscript') {
      // EPS is drawn at the tool's default resolution; the fixture is one point per pixel.
      const dpi = (tool as unknown as { options: { name: string; default: number }[] }).options.find((o) => o.name === 'dpi')!.default;
      expect([image.width, image.height]).toEqual([Math.round((FIXTURE_WIDTH * dpi) / 72), Math.round((FIXTURE_HEIGHT * dpi) / 72)]);
      const [r, , b] = image.rgbAt(Math.round((3 * dpi) / 72), Math.round((8 * dpi) / 72));
      expect(r).toBeGreaterThan(180);
      expect(b).toBeLessThan(80);
    } else if (image) {
      expect([image.width, image.height]).toEqual([FIXTURE_WIDTH, FIXTURE_HEIGHT]);
      const [r, , b] = image.rgbAt(3, 8);
      expect(r).toBeGreaterThan(180);
      expect(b).toBeLessThan(80);
    }
  });
}
