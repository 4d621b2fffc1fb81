/**
 * Text to Speech: reads the text aloud with the browser's speech synthesis.
 * States: idle -> playing (Play) <-> paused (the same button); the end or an
 * error of the speech returns to idle. Download MP3 is a demo notice.
 */
import { Button, Flex } from '@radix-ui/themes';
import { Download, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormValues } from '../engine/OptionsForm';
import { notify } from '../engine/notify';
import { ToolFrame, useToolPage } from '../engine/ToolPage';
import type { ToolViewProps } from '../engine/view-modules';

export type PlaybackState = 'idle' | 'playing' | 'paused';

const FEMALE = /\bfemale\b|\bwoman\b|samantha|zira|susan|hazel|serena|kate|victoria|karen|moira|tessa|fiona|libby|sonia|aria|jenny|emma|ava|allison|google us english$/i;
const MALE = /\bmale\b|\bman\b|david|mark|alex|daniel|fred|george|ryan|guy|arthur|oliver|thomas|james|tom\b/i;

/**
 * The installed voice for one of the five voice values: same language
 * (en-US / en-GB), preferring a name that suggests the gender. Undefined
 * means the browser's default voice ("default", or no voice of that language).
 */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], value: string): SpeechSynthesisVoice | undefined {
  const match = /^([a-z]{2})-([A-Z]{2})-(female|male)$/.exec(value);
  if (!match) return undefined;
  const lang = `${match[1]}-${match[2]}`.toLowerCase();
  const sameLang = voices.filter((v) => v.lang.replace('_', '-').toLowerCase() === lang);
  const wanted = match[3] === 'female' ? FEMALE : MALE;
  const other = match[3] === 'female' ? MALE : FEMALE;
  return (
    sameLang.find((v) => wanted.test(v.name) && !(match[3] === 'male' && FEMALE.test(v.name))) ??
    sameLang.find((v) => !other.test(v.name)) ??
    sameLang[0]
  );
}

export default function TextToSpeech({ manifest }: ToolViewProps) {
  // Play checks the text as a run would, then speaks in the page instead of running.
  const page = useToolPage(manifest, {
    beforeRun: (values) => {
      speak(values);
      return null;
    },
  });
  const { form } = page;
  const [state, setState] = useState<PlaybackState>('idle');
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const { messages } = manifest;

  // Leaving the page stops the speech.
  useEffect(
    () => () => {
      if (current.current) {
        current.current = null;
        window.speechSynthesis?.cancel();
      }
    },
    [],
  );

  function clear(utterance: SpeechSynthesisUtterance) {
    // Events of an utterance that was replaced or cancelled by us are stale.
    if (current.current !== utterance) return false;
    current.current = null;
    setState('idle');
    return true;
  }

  function play() {
    const synth = window.speechSynthesis;
    if (current.current && synth) {
      if (state === 'playing') {
        synth.pause();
        setState('paused');
      } else {
        synth.resume();
        setState('playing');
      }
      return;
    }
    page.submit();
  }

  function speak(values: FormValues) {
    const synth = window.speechSynthesis;
    try {
      const utterance = new SpeechSynthesisUtterance(String(values.text));
      utterance.rate = Number(values.rate);
      const voice = pickVoice(synth.getVoices(), String(values.voice));
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.onend = () => clear(utterance);
      utterance.onerror = () => {
        if (clear(utterance)) notify.error(messages.speechError);
      };
      synth.cancel();
      current.current = utterance;
      synth.speak(utterance);
      setState('playing');
    } catch {
      current.current = null;
      setState('idle');
      notify.error(messages.setupFailed);
    }
  }

  function downloadMp3() {
    if (String(form.getValues('text') ?? '').trim() === '') return notify.error(messages.blankDownload);
    notify.info(messages.downloadDemo, messages.downloadDemoTitle);
  }

  const label = state === 'playing' ? 'Pause' : state === 'paused' ? 'Resume' : manifest.action.label;
  return (
    <ToolFrame
      page={page}
      controls={
        <Flex gap="3" wrap="wrap">
          <Button type="button" size="3" onClick={play} data-state={state} data-testid="play-button">
            {state === 'playing' ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />} {label}
          </Button>
          <Button type="button" size="3" variant="soft" onClick={downloadMp3}>
            <Download size={16} aria-hidden="true" /> Download MP3
          </Button>
        </Flex>
      }
    />
  );
}
