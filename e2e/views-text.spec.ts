/** The typed-text tools in real Chromium: case converter, text to speech, chart maker, AI image generator. */
import { expect, SITE_ORIGIN, test } from './fixtures';
import { downloadResult, manifest, toast } from './support';

const caseConverter = manifest('text-case-converter') as ReturnType<typeof manifest> & { messages: Record<string, string> };
const tts = manifest('text-to-speech') as ReturnType<typeof manifest> & { messages: Record<string, string> };
const chart = manifest('chart-maker');
const ai = manifest('ai-image-generator');

test('text case converter: live conversion, counters and copy to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE_ORIGIN });
  await page.goto('/tools/text-case-converter?demo=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text Case Converter');
  await expect(page.getByTestId('file-input')).toHaveCount(0);

  const copy = page.getByRole('button', { name: 'Copy to Clipboard' });
  await copy.click();
  await expect(toast(page, 'Error').locator('.toast-message')).toHaveText(caseConverter.messages.copyEmpty);

  const output = page.getByTestId('case-output');
  await page.getByLabel('Your text').fill('hello  wide world. élan');
  await expect(output).toHaveValue('HELLO  WIDE WORLD. ÉLAN');
  await expect(page.getByTestId('input-counts')).toHaveText('Words: 4 · Characters: 23');
  await page.getByLabel('Case', { exact: true }).selectOption('titlecase');
  await expect(output).toHaveValue('Hello  Wide World. Élan');
  await page.getByLabel('Case', { exact: true }).selectOption('sentencecase');
  await expect(output).toHaveValue('Hello  wide world. Élan');
  await expect(page.getByTestId('output-counts')).toHaveText('Words: 4 · Characters: 23');

  await copy.click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(caseConverter.messages.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello  wide world. Élan');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Your text')).toHaveValue('');
  await expect(output).toHaveValue('');
});

test('text to speech: blank text, then Play, Pause, Resume and back to Play at the end', async ({ page }) => {
  // Headless Chromium has no voices: a stand-in records the utterances and lets the test end them.
  await page.addInitScript(() => {
    const spoken: { text: string; rate: number; onend?: () => void; onerror?: () => void }[] = [];
    const calls: string[] = [];
    Object.assign(window, { __spoken: spoken, __calls: calls });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak: (u: (typeof spoken)[number]) => (calls.push('speak'), spoken.push(u)),
        pause: () => calls.push('pause'),
        resume: () => calls.push('resume'),
        cancel: () => calls.push('cancel'),
        getVoices: () => [],
      },
    });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      value: class {
        rate = 1;
        constructor(readonly text: string) {}
      },
    });
  });
  await page.goto('/tools/text-to-speech?demo=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text to Speech');
  const play = page.getByTestId('play-button');
  await expect(play).toHaveText('Play');
  await play.click();
  await expect(toast(page, 'Error').locator('.toast-message')).toHaveText('Please enter some text to convert to speech.');

  await page.getByRole('button', { name: 'Download MP3' }).click();
  await expect(toast(page, 'Error').filter({ hasText: tts.messages.blankDownload })).toBeVisible();

  await page.getByLabel('Text', { exact: true }).fill('Good morning');
  await play.click();
  await expect(play).toHaveText('Pause');
  expect(await page.evaluate(() => (window as unknown as { __spoken: { text: string; rate: number }[] }).__spoken.map((u) => [u.text, u.rate]))).toEqual([['Good morning', 1]]);
  await play.click();
  await expect(play).toHaveText('Resume');
  await play.click();
  await expect(play).toHaveText('Pause');
  expect(await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls.filter((c) => c !== 'cancel'))).toEqual(['speak', 'pause', 'resume']);
  await page.evaluate(() => (window as unknown as { __spoken: { onend: () => void }[] }).__spoken[0].onend());
  await expect(play).toHaveText('Play');

  await page.getByRole('button', { name: 'Download MP3' }).click();
  const notice = toast(page, tts.messages.downloadDemoTitle);
  await expect(notice.locator('.toast-message')).toHaveText(tts.messages.downloadDemo);
});

test('chart maker in demo mode: a bar chart named after its type with the Mock success', async ({ page }) => {
  await page.goto('/tools/chart-maker?demo=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chart Maker');
  await expect(page.getByTestId('chart-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Download Chart' }).click();
  await expect(toast(page, 'Error').locator('.toast-message')).toHaveText('Please create a chart first.');
  await page.getByRole('button', { name: chart.action.label, exact: true }).click();
  await expect(page.getByRole('button', { name: chart.action.busyLabel })).toBeDisabled();
  await expect(page.getByTestId('result-name')).toHaveText(/^bar-chart-\d+\.png$/, { timeout: 10_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(chart.simulation.success);
});

test('chart maker for real: the worker draws a 960 x 600 PNG', async ({ page }) => {
  await page.goto('/tools/chart-maker?demo=0');
  await page.getByLabel('Chart type').selectOption('line');
  await page.getByRole('button', { name: chart.action.label, exact: true }).click();
  const name = page.getByTestId('result-name');
  await expect(name).toHaveText(/^line-chart-\d+\.png$/, { timeout: 20_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(chart.messages.success);
  const { bytes } = await downloadResult(page, (await name.textContent())!);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([960, 600]);
});

test('AI image generator: a local preview and the prompt cut at 50 characters', async ({ page }) => {
  await page.goto('/tools/ai-image-generator?demo=1');
  await page.getByRole('button', { name: ai.action.label, exact: true }).click();
  await expect(toast(page, 'Error').locator('.toast-message')).toHaveText('Please enter a text prompt to generate an image.');
  const prompt = 'A lighthouse on a rocky coast at sunset, in watercolour, with seagulls';
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: ai.action.label, exact: true }).click();
  const preview = page.getByTestId('ai-preview');
  await expect(preview).toBeVisible({ timeout: 10_000 });
  expect(await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(512);
  await expect(page.getByRole('region', { name: 'Results' })).toContainText(`${prompt.slice(0, 50)}...`);
  const name = (await page.getByTestId('result-name').textContent())!;
  const { bytes } = await downloadResult(page, name);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
});
