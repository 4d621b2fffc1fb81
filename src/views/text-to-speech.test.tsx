// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { setDemoMode } from '../engine/demo/demo-mode';
import { captureDownloads, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import TextToSpeech, { pickVoice } from './text-to-speech';

vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = toolBySlug('text-to-speech')!;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** A stand-in for the browser's utterance: it records its settings and lets the test fire its events. */
class FakeUtterance {
  rate = 1;
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

function voice(name: string, lang: string): SpeechSynthesisVoice {
  return { name, lang, default: false, localService: true, voiceURI: name } as SpeechSynthesisVoice;
}

const VOICES = [
  voice('Google US English', 'en-US'),
  voice('Microsoft David - English (United States)', 'en-US'),
  voice('Microsoft Zira - English (United States)', 'en-US'),
  voice('Google UK English Female', 'en-GB'),
  voice('Google UK English Male', 'en-GB'),
  voice('Google Deutsch', 'de-DE'),
];

function fakeSynth() {
  const spoken: FakeUtterance[] = [];
  return {
    spoken,
    speak: vi.fn((u: FakeUtterance) => spoken.push(u)),
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    getVoices: vi.fn(() => VOICES),
  };
}

let synth: ReturnType<typeof fakeSynth>;

function setup() {
  renderWithShell(<TextToSpeech manifest={manifest} />);
  return {
    text: screen.getByLabelText('Text') as HTMLTextAreaElement,
    voiceSelect: screen.getByLabelText('Voice') as HTMLSelectElement,
    rate: screen.getByLabelText('Speech rate') as HTMLInputElement,
    play: () => screen.getByTestId('play-button'),
  };
}

async function change(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  await flush();
}

async function click(el: HTMLElement) {
  fireEvent.click(el);
  await flush();
}

describe('Text to Speech view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    synth = fakeSynth();
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('has a text area, the five voices and a 0.5 to 2 rate slider at 1; no drop zone', () => {
    expect(manifest.view).toBe('text-to-speech');
    expect(manifest.accept).toEqual({});
    expect(manifest.limits.minFiles).toBe(0);
    const { voiceSelect, rate, play } = setup();
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(Array.from(voiceSelect.options).map((o) => o.value)).toEqual(['default', 'en-US-female', 'en-US-male', 'en-GB-female', 'en-GB-male']);
    expect(voiceSelect.value).toBe('default');
    expect([rate.min, rate.max, rate.step, rate.value]).toEqual(['0.5', '2', '0.1', '1']);
    expect(play()).toHaveTextContent('Play');
  });

  it('refuses to play blank text', async () => {
    const { text, play } = setup();
    await change(text, '   ');
    await click(play());
    expect(synth.speak).not.toHaveBeenCalled();
    expect(toastTexts()).toContain('Error: Please enter some text to convert to speech.');
    expect(play()).toHaveAttribute('data-state', 'idle');
  });

  it('speaks with the chosen voice and rate, then toggles Pause and Resume, and returns to idle at the end', async () => {
    const { text, voiceSelect, rate, play } = setup();
    await change(text, 'Hello there');
    await change(voiceSelect, 'en-GB-male');
    await change(rate, '1.5');
    await click(play());
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const [utterance] = synth.spoken;
    expect(utterance.text).toBe('Hello there');
    expect(utterance.rate).toBe(1.5);
    expect(utterance.voice?.name).toBe('Google UK English Male');
    expect(utterance.lang).toBe('en-GB');
    expect(play()).toHaveTextContent('Pause');
    expect(play()).toHaveAttribute('data-state', 'playing');

    await click(play());
    expect(synth.pause).toHaveBeenCalledTimes(1);
    expect(play()).toHaveTextContent('Resume');
    expect(play()).toHaveAttribute('data-state', 'paused');

    await click(play());
    expect(synth.resume).toHaveBeenCalledTimes(1);
    expect(play()).toHaveTextContent('Pause');

    act(() => utterance.onend?.());
    expect(play()).toHaveTextContent('Play');
    expect(play()).toHaveAttribute('data-state', 'idle');
    // A new Play after the end starts a new utterance rather than resuming.
    await click(play());
    expect(synth.speak).toHaveBeenCalledTimes(2);
  });

  it('uses the default voice for "default"', async () => {
    const { text, play } = setup();
    await change(text, 'Hi');
    await click(play());
    expect(synth.spoken[0].voice).toBeNull();
    expect(synth.spoken[0].rate).toBe(1);
  });

  it('clears the playback state on a speech error and says so', async () => {
    const { text, play } = setup();
    await change(text, 'Hi');
    await click(play());
    act(() => synth.spoken[0].onerror?.());
    await flush();
    expect(toastTexts()).toContain('Error: An error occurred during speech synthesis.');
    expect(play()).toHaveAttribute('data-state', 'idle');
    expect(play()).toHaveTextContent('Play');
  });

  it('reports a failure while setting up the speech', async () => {
    vi.stubGlobal('SpeechSynthesisUtterance', function Broken() {
      throw new Error('not supported');
    });
    const { text, play } = setup();
    await change(text, 'Hi');
    await click(play());
    expect(toastTexts()).toContain('Error: Failed to convert text to speech. Please try again.');
    expect(play()).toHaveAttribute('data-state', 'idle');
  });

  it('Download MP3 in demo mode: blank text is refused, otherwise the demo notice', async () => {
    setDemoMode(true);
    const { text } = setup();
    const download = screen.getByRole('button', { name: 'Download MP3' });
    await click(download);
    expect(toastTexts()).toContain('Error: Please enter some text and convert it to speech first.');
    await change(text, 'Something to say');
    await click(download);
    const notice = toastTexts().find((t) => t.startsWith('Information: '));
    expect(notice).toBe(`Information: ${manifest.messages.downloadDemo}`);
    expect(notice).toMatch(/demo version/);
    expect(notice).toMatch(/full version.*downloaded as an MP3 file/);
    expect(runInWorker).not.toHaveBeenCalled();
    setDemoMode(false);
  });
});

describe('Text to Speech with the site\'s speech engine', () => {
  /** An element that records play and pause instead of sounding. */
  class FakeAudio {
    static made: FakeAudio[] = [];
    paused = true;
    onended: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly src: string) {
      FakeAudio.made.push(this);
    }
    play = vi.fn(async () => void (this.paused = false));
    pause = vi.fn(() => void (this.paused = true));
  }

  beforeEach(() => {
    vi.useFakeTimers();
    FakeAudio.made = [];
    vi.stubGlobal('Audio', FakeAudio);
    vi.mocked(runInWorker).mockReset();
    vi.mocked(runInWorker).mockImplementation(async (_name, _files, options) => ({
      outputs: [{ bytes: new Uint8Array([0xff, 0xfb, 0x90, 0x00]), type: (options as { format: string }).format === 'wav' ? 'audio/wav' : 'audio/mpeg' }],
      failures: [],
    }));
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('Download MP3 runs the engine with the voice and rate and downloads speech-<time>.mp3', async () => {
    vi.stubGlobal('speechSynthesis', { ...fakeSynth(), getVoices: () => VOICES });
    const downloads = captureDownloads();
    const { text, voiceSelect, rate } = setup();
    await change(text, 'Hello there');
    await change(voiceSelect, 'en-GB-female');
    await change(rate, '0.8');
    await click(screen.getByRole('button', { name: 'Download MP3' }));
    await flush();
    expect(runInWorker).toHaveBeenCalledTimes(1);
    const [name, files, options] = vi.mocked(runInWorker).mock.calls[0]!;
    expect(name).toBe('text-to-speech');
    expect(files).toEqual([]);
    expect(options).toMatchObject({ text: 'Hello there', voice: 'en-GB-female', rate: 0.8, format: 'mp3' });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatch(/^speech-\d+\.mp3$/);
    expect(screen.getByTestId('result-name')).toHaveTextContent(downloads[0]!);
    expect(toastTexts()).toContain('Success: Text converted to speech successfully!');
  });

  it('Play uses the engine where the browser has no voices, and Pause and Resume the audio', async () => {
    vi.stubGlobal('speechSynthesis', { ...fakeSynth(), getVoices: () => [] });
    const { text, play } = setup();
    await act(() => vi.advanceTimersByTimeAsync(400));
    await change(text, 'Hi');
    await click(play());
    await flush();
    expect(vi.mocked(runInWorker).mock.calls[0]![2]).toMatchObject({ text: 'Hi', format: 'wav' });
    expect(FakeAudio.made).toHaveLength(1);
    const [audio] = FakeAudio.made;
    expect(audio!.play).toHaveBeenCalledTimes(1);
    expect(play()).toHaveAttribute('data-state', 'playing');
    // The WAV for playing is not offered as a download.
    expect(screen.queryByTestId('result-name')).toBeNull();
    await click(play());
    expect(audio!.pause).toHaveBeenCalledTimes(1);
    expect(play()).toHaveTextContent('Resume');
    await click(play());
    expect(audio!.play).toHaveBeenCalledTimes(2);
    act(() => audio!.onended?.());
    expect(play()).toHaveAttribute('data-state', 'idle');
  });

  it('Play speaks with the browser where it has voices, without the engine', async () => {
    const synth = fakeSynth();
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    const { text, play } = setup();
    await flush();
    await change(text, 'Hi');
    await click(play());
    expect(synth.speak).toHaveBeenCalledTimes(1);
    expect(runInWorker).not.toHaveBeenCalled();
  });
});

describe('pickVoice', () => {
  it('maps the five values to voices by language and name, falling back to the default', () => {
    expect(pickVoice(VOICES, 'default')).toBeUndefined();
    expect(pickVoice(VOICES, 'en-US-female')?.name).toBe('Google US English');
    expect(pickVoice(VOICES, 'en-US-male')?.name).toBe('Microsoft David - English (United States)');
    expect(pickVoice(VOICES, 'en-GB-female')?.name).toBe('Google UK English Female');
    expect(pickVoice(VOICES, 'en-GB-male')?.name).toBe('Google UK English Male');
    expect(pickVoice([voice('Daniel', 'en_GB')], 'en-GB-female')?.name).toBe('Daniel');
    expect(pickVoice([voice('Google Deutsch', 'de-DE')], 'en-GB-male')).toBeUndefined();
    expect(pickVoice([], 'en-US-female')).toBeUndefined();
  });
});
