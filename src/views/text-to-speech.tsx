/**
 * Text to Speech: reads the text aloud with the browser's speech synthesis.
 * States: idle -> playing (Play) <-> paused (the same button); the end or an
 * error of the speech returns to idle.
 *
 * For real, Download MP3 runs the processor (espeak-ng in the worker, then an
 * MP3 encoder) and downloads the file; where the browser has no voices of its
 * own, Play speaks with the same engine (as WAV, no MP3 step) and plays it in
 * the page. In demo mode Download MP3 is the specification's notice.
 */
import { Button, Flex } from '@radix-ui/themes';
import { Download, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { browserVoices } from '../lib/speech/browser-voices';
import { downloadBlob } from '../lib/download';
import { ResultList } from '../engine/ResultList';
import { RunProgress } from '../engine/RunControls';
import type { ToolResult } from '../core/tool-result';
import type { FormValues } from '../engine/OptionsForm';
import { notify } from '../engine/notify';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';

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

/** What the next run is for: playing in the page, or the MP3 download. */
type Purpose = 'play' | 'download';

export default function TextToSpeech({ manifest }: ToolViewProps) {
  const purpose = useRef<Purpose>('play');
  // Play checks the text as a run would, then speaks in the page; the engine runs only where the browser has no voices.
  const page = useToolPage(manifest, {
    beforeRun: (values) => {
      if (purpose.current === 'download') return { options: { ...values, format: 'mp3' } };
      if (!page.run.real || hasBrowserVoices.current) {
        speak(values);
        return null;
      }
      return { options: { ...values, format: 'wav' } };
    },
    afterRun: (results) => {
      const [result] = results;
      if (!result) return;
      if (purpose.current === 'download') downloadBlob(result.blob, result.name);
      else playAudio(result);
    },
  });
  const { form, run } = page;
  const [state, setState] = useState<PlaybackState>('idle');
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const hasBrowserVoices = useRef(false);
  const { messages } = manifest;

  // Some browsers list their voices a moment after the page loads; asking early has the answer ready for Play.
  useEffect(() => {
    let live = true;
    void browserVoices(typeof window === 'undefined' ? undefined : window.speechSynthesis).then((voices) => {
      if (live) hasBrowserVoices.current = voices.length > 0;
    });
    return () => {
      live = false;
    };
  }, []);

  // Leaving the page stops the speech.
  useEffect(
    () => () => {
      stopAudio();
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

  function stopAudio() {
    const playing = audio.current;
    if (!playing) return;
    audio.current = null;
    playing.pause();
    URL.revokeObjectURL(playing.src);
  }

  /** Plays speech made by the site's engine. */
  function playAudio(result: ToolResult) {
    stopAudio();
    const element = new Audio(URL.createObjectURL(result.blob));
    audio.current = element;
    const ended = () => {
      if (audio.current !== element) return;
      stopAudio();
      setState('idle');
    };
    element.onended = ended;
    element.onerror = () => {
      if (audio.current !== element) return;
      ended();
      notify.error(messages.speechError);
    };
    setState('playing');
    element.play().catch(() => {
      if (audio.current !== element) return;
      ended();
      notify.error(messages.speechError);
    });
  }

  function play() {
    if (audio.current) {
      if (state === 'playing') {
        audio.current.pause();
        setState('paused');
      } else {
        void audio.current.play();
        setState('playing');
      }
      return;
    }
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
    purpose.current = 'play';
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
    if (!run.real) return notify.info(messages.downloadDemo, messages.downloadDemoTitle);
    purpose.current = 'download';
    page.submit();
  }

  const label = state === 'playing' ? t('views.textToSpeech.pause') : state === 'paused' ? t('views.textToSpeech.resume') : manifest.action.label;
  // The WAV made for Play is not a download; the MP3 is.
  const mp3s = run.results.filter((r) => r.blob.type === 'audio/mpeg');
  return (
    <ToolFrame
      page={page}
      controls={
        <>
          <Flex gap="3" wrap="wrap">
            <Button type="button" size="3" onClick={play} disabled={run.running} data-state={state} data-testid="play-button">
              {state === 'playing' ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />} {label}
            </Button>
            <Button type="button" size="3" variant="soft" onClick={downloadMp3} disabled={run.running}>
              <Download size={16} aria-hidden="true" /> {t('views.textToSpeech.downloadMp3')}
            </Button>
          </Flex>
          {run.running && <RunProgress label={t('views.textToSpeech.progress')} progress={run.progress} onCancel={run.cancel} />}
        </>
      }
      results={run.real && <ResultList results={mp3s} onDownload={(r) => downloadBlob(r.blob, r.name)} onDownloadAll={run.downloadAll} />}
    />
  );
}
