import { describe, expect, it } from 'vitest';
import { splitText } from './chunks';
import { espeakVoice, wordsPerMinute } from './voices';
import { readWav, writeWav } from './wav';

describe('espeakVoice', () => {
  it('maps the voice choices onto espeak-ng voices and gender variants', () => {
    expect(espeakVoice('default')).toBe('en-us');
    expect(espeakVoice('en-US-female')).toBe('en-us+f3');
    expect(espeakVoice('en-US-male')).toBe('en-us+m3');
    expect(espeakVoice('en-GB-female')).toBe('en+f3');
    expect(espeakVoice('en-GB-male')).toBe('en+m3');
    expect(espeakVoice('fr-FR-female')).toBe('fr-fr+f3');
    expect(espeakVoice('anything else')).toBe('en-us');
  });

  it('turns the rate into words per minute within what espeak-ng accepts', () => {
    expect(wordsPerMinute(1)).toBe(175);
    expect(wordsPerMinute(0.5)).toBe(88);
    expect(wordsPerMinute(2)).toBe(350);
    expect(wordsPerMinute(0.1)).toBe(80);
    expect(wordsPerMinute(5)).toBe(450);
  });
});

describe('splitText', () => {
  it('keeps short text whole and cuts long text at sentence ends', () => {
    expect(splitText('Hello there. How are you?')).toEqual(['Hello there. How are you?']);
    const sentence = 'This sentence has exactly forty-nine characters. ';
    const pieces = splitText(sentence.repeat(40), 200);
    expect(pieces.every((p) => p.length <= 200 && p.endsWith('.'))).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(sentence.repeat(40).trim());
  });

  it('cuts a sentence longer than a piece at spaces, or hard without spaces', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitText(words, 100);
    expect(pieces.every((p) => p.length <= 100)).toBe(true);
    expect(pieces.join(' ')).toBe(words);
    expect(splitText('x'.repeat(250), 100).map((p) => p.length)).toEqual([100, 100, 50]);
  });

  it('gives nothing for blank text', () => {
    expect(splitText(' \n ')).toEqual([]);
  });
});

describe('wav', () => {
  it('writes a WAV that reads back to the same samples', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const bytes = writeWav({ sampleRate: 22050, samples });
    expect(bytes.length).toBe(44 + 12);
    expect(readWav(bytes)).toEqual({ sampleRate: 22050, samples });
  });

  it('reads a WAV whose data size runs past the end, as espeak-ng writes when it cannot seek', () => {
    const bytes = writeWav({ sampleRate: 16000, samples: Int16Array.from([5, 6, 7]) });
    new DataView(bytes.buffer).setUint32(40, 0x7fffffff, true);
    expect(Array.from(readWav(bytes).samples)).toEqual([5, 6, 7]);
  });

  it('refuses what is not a mono 16-bit WAV', () => {
    expect(() => readWav(new Uint8Array(10))).toThrow('Not a WAV file');
    const stereo = writeWav({ sampleRate: 8000, samples: new Int16Array(4) });
    new DataView(stereo.buffer).setUint16(22, 2, true);
    expect(() => readWav(stereo)).toThrow(/2 channels/);
  });
});
