/**
 * Files chosen or dropped before the page is live. A tool page paints from its
 * pre-rendered HTML seconds before React has hydrated its drop zone; in that
 * time a file chosen with the file input, or dropped anywhere on the page, is
 * caught here (by the entry script, so none of the application is needed) and
 * kept in `window.earlyFiles`. Once hydrated, the drop zone takes the files
 * over and gives them to its input as if chosen then (src/engine/useEarlyFiles.ts),
 * so they get the same checks and messages as any file.
 *
 * A drop never opens the file in the tab. From the moment the drop zone has
 * taken over, a file dropped outside it counts as dropped on it; on a page
 * without a drop zone (home, all tools) a drop is ignored.
 *
 * The application must not import this module's code (only its types), or the
 * entry chunk would be shared with it.
 */

export interface EarlyFiles {
  /** What was chosen or dropped before the drop zone took over: one batch per choice or drop, in order. */
  batches: File[][];
  /** Set by the hydrated drop zone: it takes the files dropped elsewhere on the page. */
  take?: (files: File[]) => void;
}

declare global {
  interface Window {
    earlyFiles?: EarlyFiles;
  }
}

/** The drop zone's file input, pre-rendered or hydrated (src/engine/DropZone.tsx). */
const FILE_INPUT = 'input[data-testid="file-input"]';

/** Listens on the window, in the capture phase, so nothing of a half-hydrated page sees what is caught. */
export function catchEarlyFiles(win: Window = window): EarlyFiles {
  const early: EarlyFiles = (win.earlyFiles = { batches: [] });
  /** True on a tool page that takes files (its drop zone is pre-rendered or has taken over). */
  const takesFiles = () => !!early.take || !!win.document.querySelector(FILE_INPUT);
  const carriesFiles = (event: DragEvent) => !!event.dataTransfer?.types.includes('Files');

  win.addEventListener(
    'change',
    (event) => {
      const input = event.target as HTMLInputElement;
      if (early.take || !input.matches?.(FILE_INPUT)) return;
      event.stopPropagation();
      // Read now: hydration may reset the input.
      if (input.files?.length) early.batches.push([...input.files]);
    },
    true,
  );
  win.addEventListener(
    'dragover',
    (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = takesFiles() ? 'copy' : 'none';
    },
    true,
  );
  win.addEventListener(
    'drop',
    (event) => {
      if (!carriesFiles(event)) return;
      // The live drop zone handles drops on itself.
      if (early.take && (event.target as Element).closest?.('.dropzone')) return;
      event.preventDefault();
      event.stopPropagation();
      const files = [...event.dataTransfer!.files];
      if (!files.length) return;
      if (early.take) early.take(files);
      else if (takesFiles()) early.batches.push(files);
    },
    true,
  );
  return early;
}
