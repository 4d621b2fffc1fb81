/**
 * Files given to an installed FileDesk: opened from the desktop (File
 * Handling API, `launchQueue`) or shared from another app (Web Share Target:
 * public/share-target-sw.js keeps them in a cache and opens the tool with
 * ?shared=N). They are handed to the tool page's file input as if chosen.
 */
import { useEffect } from 'react';

const SHARED_CACHE = 'filedesk-shared-files';

interface LaunchParams {
  files: readonly { getFile(): Promise<File> }[];
}
type LaunchQueue = { setConsumer(consumer: (params: LaunchParams) => void): void };

/** Waits for the page's file input, then sets its files and fires the change the drop zone listens to. */
async function giveToFileInput(files: File[]): Promise<void> {
  if (files.length === 0) return;
  for (let i = 0; i < 100; i++) {
    const input = document.querySelector<HTMLInputElement>('input[data-testid="file-input"]');
    if (input) {
      const transfer = new DataTransfer();
      files.forEach((f) => transfer.items.add(f));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARED_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('X-File-Name') ?? 'shared-file');
    files.push(new File([await response.blob()], name, { type: response.headers.get('Content-Type') ?? '' }));
    await cache.delete(request);
  }
  return files;
}

export function useIncomingFiles(): void {
  useEffect(() => {
    const queue = (window as unknown as { launchQueue?: LaunchQueue }).launchQueue;
    queue?.setConsumer(async ({ files }) => giveToFileInput(await Promise.all(files.map((h) => h.getFile()))));
    const url = new URL(location.href);
    if (url.searchParams.has('shared')) {
      url.searchParams.delete('shared');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
      void takeSharedFiles().then(giveToFileInput);
    }
  }, []);
}
