/** Turns tesseract.js's status messages into one percentage: loading is the first 30 %, recognising the rest. */
export type ProgressListener = (status: string, progress: number) => void;

export function ocrProgress(onProgress: (done: number, total: number) => void): ProgressListener {
  let last = 0;
  return (status, progress) => {
    const p = Math.max(0, Math.min(1, Number.isFinite(progress) ? progress : 0));
    const value = status === 'recognizing text' ? 30 + 70 * p : 30 * p;
    // Loading steps each run 0..1 in turn; never let the bar go backwards.
    const rounded = Math.round(Math.max(last, value));
    if (rounded === last && rounded !== 0) return;
    last = rounded;
    onProgress(rounded, 100);
  };
}
