/**
 * The browser's on-device Translator API (and LanguageDetector where it is
 * already usable), on the main thread. Models may have to be downloaded
 * first; the browser reports that progress through the monitor given to
 * Translator.create. Nothing here reaches any server of ours or anyone else's
 * beyond what the browser itself does for its models.
 */
import type { TranslatedPage } from '../../lib/pdf/translate-layout';

export type Availability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

interface Pair {
  sourceLanguage: string;
  targetLanguage: string;
}

interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: { loaded: number; total?: number }) => void): void;
}

interface TranslatorInstance {
  translate(text: string, options?: { signal?: AbortSignal }): Promise<string>;
  destroy(): void;
}

interface TranslatorApi {
  availability(pair: Pair): Promise<Availability>;
  create(options: Pair & { signal?: AbortSignal; monitor?(monitor: DownloadMonitor): void }): Promise<TranslatorInstance>;
}

interface DetectorApi {
  availability(): Promise<Availability>;
  create(): Promise<{ detect(text: string): Promise<{ detectedLanguage: string; confidence: number }[]>; destroy(): void }>;
}

/** A global of the page by name (`'Translator' in self`; globalThis is self in a page). */
function api<T>(name: string): T | undefined {
  return name in globalThis ? ((globalThis as unknown as Record<string, T>)[name] ?? undefined) : undefined;
}

/** True when this browser has the Translator API. */
export function hasTranslator(): boolean {
  return api<TranslatorApi>('Translator') !== undefined;
}

/** A language guessed from the script alone, for when no language detector is ready: Latin text counts as English. */
export function scriptLanguage(text: string): string {
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (/[\u4e00-\u9fff]/u.test(text)) return 'zh';
  if (/[\uac00-\ud7af]/u.test(text)) return 'ko';
  if (/[\u0400-\u04ff]/u.test(text)) return 'ru';
  if (/[\u0370-\u03ff]/u.test(text)) return 'el';
  if (/[\u0600-\u06ff]/u.test(text)) return 'ar';
  return 'en';
}

/**
 * The language of the document's text: the browser's LanguageDetector when
 * its model is already on the device (a download is never started just for
 * this), else a guess from the script.
 */
export async function detectLanguage(sample: string): Promise<string> {
  const detector = api<DetectorApi>('LanguageDetector');
  try {
    if (detector && (await detector.availability()) === 'available') {
      const instance = await detector.create();
      try {
        const [best] = await instance.detect(sample);
        if (best && best.detectedLanguage !== 'und' && best.confidence >= 0.5) return best.detectedLanguage.split('-')[0]!;
      } finally {
        instance.destroy();
      }
    }
  } catch {
    // A detector that fails is no reason to stop: the script still tells most languages apart.
  }
  return scriptLanguage(sample);
}

/** Whether the browser can translate between the two languages (possibly after a model download). */
export async function pairAvailability(sourceLanguage: string, targetLanguage: string): Promise<Availability> {
  const translator = api<TranslatorApi>('Translator');
  if (!translator) return 'unavailable';
  return translator.availability({ sourceLanguage, targetLanguage });
}

/** Longest piece sent to the translator at once; longer paragraphs go sentence group by sentence group. */
const MAX_PIECE = 2000;

/** Splits a long paragraph at sentence ends into pieces of at most MAX_PIECE characters (a sentence may exceed it alone). */
export function pieces(text: string): string[] {
  if (text.length <= MAX_PIECE) return [text];
  const sentences = text.match(/[^.!?\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*\s*/gu) ?? [text];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > MAX_PIECE) {
      out.push(current);
      current = '';
    }
    current += sentence;
  }
  if (current) out.push(current);
  return out;
}

/** Settles with `promise`, or rejects as soon as `signal` aborts, for an implementation that ignores the signal. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface TranslateHooks {
  signal: AbortSignal;
  /** Model download progress, 0 to 1. */
  onDownload(fraction: number): void;
  /** Paragraphs translated so far. */
  onParagraph(done: number, total: number): void;
}

/** Translates every paragraph of every page, one at a time, keeping pages and order. */
export async function translatePages(pages: TranslatedPage[], pair: Pair, hooks: TranslateHooks): Promise<TranslatedPage[]> {
  const translator = api<TranslatorApi>('Translator');
  if (!translator) throw new Error('Translator API missing');
  const creating = translator.create({
    ...pair,
    signal: hooks.signal,
    monitor(monitor) {
      monitor.addEventListener('downloadprogress', (event) => hooks.onDownload(event.loaded / (event.total || 1)));
    },
  });
  let instance: TranslatorInstance;
  try {
    instance = await abortable(creating, hooks.signal);
  } catch (error) {
    // A translator that arrives after a cancel is freed at once.
    creating.then((late) => late.destroy()).catch(() => undefined);
    throw error;
  }
  try {
    const total = pages.reduce((n, p) => n + p.paragraphs.length, 0);
    // Chinese and Japanese run sentences together without spaces.
    const glue = /^(ja|zh)\b/.test(pair.targetLanguage) ? '' : ' ';
    let done = 0;
    hooks.onParagraph(0, total);
    const out: TranslatedPage[] = [];
    for (const page of pages) {
      const paragraphs: string[] = [];
      for (const paragraph of page.paragraphs) {
        const parts: string[] = [];
        for (const piece of pieces(paragraph)) {
          hooks.signal.throwIfAborted();
          parts.push(await abortable(instance.translate(piece, { signal: hooks.signal }), hooks.signal));
        }
        paragraphs.push(parts.map((part) => part.trim()).join(glue));
        hooks.onParagraph(++done, total);
      }
      out.push({ page: page.page, paragraphs });
    }
    return out;
  } finally {
    instance.destroy();
  }
}
