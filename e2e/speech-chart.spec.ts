/** Chart Maker and Text to Speech in real mode in Chromium: the chart PNG is decoded, its SVG parsed, the MP3 frames read. */
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { mp3Frames } from '../tests/support/mp3-frames';
import { gotoReal, toast } from './support';

test('chart-maker: the PNG and SVG downloads are real charts', async ({ page }) => {
  test.setTimeout(120000);
  await gotoReal(page, '/tools/chart-maker');
  await expect(page.getByTestId('chart-preview')).toBeVisible({ timeout: 30000 });
  await page.getByRole('button', { name: 'Create Chart' }).click();
  const name = page.getByTestId('result-name');
  await expect(name).toHaveText(/^bar-chart-\d+\.png$/, { timeout: 30000 });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Chart' }).click()]);
  const image = PNG.sync.read(await readFile(await png.path()));
  expect([image.width, image.height]).toEqual([960, 600]);
  // The first series' blue (#2563eb) covers a good share of the picture.
  let blue = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i] === 0x25 && image.data[i + 1] === 0x63 && image.data[i + 2] === 0xeb) blue++;
  expect(blue).toBeGreaterThan(20000);

  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toMatch(/^bar-chart-\d+\.svg$/);
  const text = await readFile(await svg.path(), 'utf8');
  const bars = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return -1;
    return doc.querySelectorAll('path[fill="#2563eb"]').length;
  }, text);
  // Six months of Sales plus the legend swatch.
  expect(bars).toBe(7);
});

test('text-to-speech: Play speaks with the site engine where Chromium has no voices, and Download MP3 saves real speech', async ({ page }) => {
  test.setTimeout(180000);
  // Every media element the page plays is kept, to read what it plays. Pause and Resume are unit-tested;
  // here playback is real, and a busy machine decides how far it gets.
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = [];
    (window as unknown as { played: HTMLMediaElement[] }).played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this);
      return play.call(this);
    };
  });
  await gotoReal(page, '/tools/text-to-speech');
  const sentence = 'The quick brown fox jumps over the lazy dog. ';
  await page.getByLabel('Text').fill(sentence.repeat(12).trim());
  const play = page.getByTestId('play-button');
  await play.click();
  // The engine downloads and speaks in the worker, then the page plays the audio.
  await expect(play).toHaveAttribute('data-state', 'playing', { timeout: 90000 });
  const duration = await page
    .waitForFunction(() => {
      const [audio] = (window as unknown as { played: HTMLMediaElement[] }).played;
      return audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : false;
    })
    .then((handle) => handle.jsonValue());
  // 108 words at about 175 a minute, with pauses: well over half a minute of speech.
  expect(duration).toBeGreaterThan(25);
  expect(duration).toBeLessThan(70);
  await expect(toast(page, 'Error')).toHaveCount(0);

  await page.getByLabel('Text').fill(sentence.repeat(4).trim());
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90000 }),
    page.getByRole('button', { name: 'Download MP3' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^speech-\d+\.mp3$/);
  const mp3 = mp3Frames(new Uint8Array(await readFile(await download.path())));
  // 36 words at about 175 a minute, with pauses: between 8 and 22 seconds.
  expect(mp3.frames).toBeGreaterThan(100);
  expect(mp3.seconds).toBeGreaterThan(8);
  expect(mp3.seconds).toBeLessThan(22);
  await expect(page.getByTestId('result-name')).toHaveText(download.suggestedFilename());
});
