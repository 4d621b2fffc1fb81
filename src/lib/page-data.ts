/**
 * The language data a pre-rendered page was drawn with (its messages, the tools' titles, the
 * tool's own texts), written into the page's HTML by the build as a JSON data block, so the
 * first page reads it there instead of fetching it as script: it is data, parsed as JSON, and
 * the page's JavaScript stays code. Later pages, shown by the router, load theirs as usual.
 *
 * Every loader of such data tells `remember` what it provides, and asks `recalled` first.
 * The build records what one page's render was given (startRecording, takeRecording).
 */
export type PageData = Record<string, unknown>;

export const PAGE_DATA_ID = 'page-data';

let seeded: PageData = {};
let recording: PageData | undefined;

/** What the page's HTML carries, once, before the application's first render. */
export function seedPageData(data: PageData): void {
  seeded = data;
}

/** The page's HTML data block, if there is one. */
export function readPageData(): PageData {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return {};
  }
}

/** The value the page's HTML carries for `key`, if any. */
export function recalled<T>(key: string): T | undefined {
  return Object.hasOwn(seeded, key) ? (seeded[key] as T) : undefined;
}

/** Says that the page being drawn was given `value` for `key`. */
export function remember(key: string, value: unknown): void {
  if (recording && value !== undefined) recording[key] = value;
}

export function startRecording(): void {
  recording = {};
}

export function takeRecording(): PageData {
  const data = recording ?? {};
  recording = undefined;
  return data;
}
