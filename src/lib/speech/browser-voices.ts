/**
 * The browser's own voices. Some browsers fill the list a moment after the
 * page loads (announced by "voiceschanged"), so an empty list is given a
 * short while before it is taken as "this browser has no voices" (headless
 * Chromium, some Linux builds), where the site's own engine speaks instead.
 */
export const VOICES_WAIT_MS = 300;

export async function browserVoices(synth: SpeechSynthesis | undefined, waitMs = VOICES_WAIT_MS): Promise<SpeechSynthesisVoice[]> {
  if (!synth || typeof synth.getVoices !== 'function') return [];
  const now = synth.getVoices();
  if (now.length > 0 || typeof synth.addEventListener !== 'function') return now;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener('voiceschanged', done);
  });
}
