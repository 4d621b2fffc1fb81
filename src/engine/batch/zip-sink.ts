/**
 * The batch sink where folders cannot be written (no File System Access API):
 * one ZIP, streamed. Each output is added as it is made and the archive's
 * bytes go straight into Blob parts, which the browser keeps out of the
 * page's memory (on disk for large ones), so the whole archive is never held
 * as one buffer; it is downloaded when the batch ends.
 */
import { mimeFor } from '../../core/naming';
import type { BatchSink } from '../../core/run-batch';

/** Outputs that are compressed already are stored as they are; deflating them again only costs time. */
const STORED = /^(image\/(jpeg|png|webp|gif|avif|jxl)|application\/(pdf|zip)|audio\/|video\/)/;

export interface ZipSink extends BatchSink {
  /** Ends the archive and gives it. */
  finish(): Promise<Blob>;
}

export async function zipSink(): Promise<ZipSink> {
  const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
  const parts: Blob[] = [];
  let failed: Error | null = null;
  let finished: (blob: Blob) => void;
  const whole = new Promise<Blob>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>]));
    if (final) finished(new Blob(parts, { type: 'application/zip' }));
  });
  // Lanes finish at their own pace; entries are added one after another.
  let queue = Promise.resolve();
  return {
    // A new archive holds nothing yet; the batch's own names are kept apart by the runner.
    exists: async () => false,
    readRecord: async () => '',
    appendRecord: async () => undefined,
    write: (path, data) => {
      queue = queue.then(async () => {
        if (failed) throw failed;
        const stored = STORED.test(data instanceof Blob ? data.type : mimeFor(path));
        const entry = stored ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
        zip.add(entry);
        entry.push(data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data, true);
      });
      return queue;
    },
    finish: async () => {
      await queue;
      zip.end();
      return whole;
    },
  };
}
