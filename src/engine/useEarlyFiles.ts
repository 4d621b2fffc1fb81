/**
 * The drop zone's side of src/early-files.ts. Once hydrated, the drop zone
 * takes the files the entry script caught before the page was live, and from
 * then on the files dropped anywhere else on the page. Each batch is given to
 * the drop zone's own file input as if chosen now, so it gets the checks
 * (type, size, count) and the messages of any chosen file. Batches go one at a
 * time, each after the page has taken the previous one, so a second choice
 * adds to the first on a tool that appends and replaces it on one that does not.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
// Types only: the code is the entry script's, and runs before the application.
import type { EarlyFiles } from '../early-files';

/** Inputs whose choices made after they left the page are passed on. */
const watched = new WeakSet<HTMLInputElement>();

/** Gives `files` to a file input and fires the change its handler listens to. */
export function chooseFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  files.forEach((file) => transfer.items.add(file));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Takes the early files over for the drop zone whose input is `inputRef`. Returns
 * the function its drop handler calls after each drop (the page has then taken
 * the batch, and the next one may follow).
 */
export function useEarlyFiles(inputRef: RefObject<HTMLInputElement | null>, disabled = false): () => void {
  const pending = useRef<File[][]>([]);
  /** True from giving a batch to the input until the drop handler has taken it. */
  const giving = useRef(false);
  const disabledNow = useRef(disabled);
  const [taken, setTaken] = useState(0);

  useLayoutEffect(() => {
    disabledNow.current = disabled;
  }, [disabled]);

  const giveNext = useCallback(() => {
    const input = inputRef.current;
    if (giving.current || disabledNow.current || !input || !pending.current.length) return;
    giving.current = true;
    chooseFiles(input, pending.current.shift()!);
  }, [inputRef]);

  // In the commit that hydrates the drop zone, so no event falls between the entry's catching and the drop zone's handling.
  useLayoutEffect(() => {
    const early: EarlyFiles | undefined = window.earlyFiles;
    if (!early) return;
    pending.current.push(...early.batches.splice(0));
    const take = (files: File[]) => {
      if (disabledNow.current) return;
      pending.current.push(files);
      giveNext();
    };
    early.take = take;
    return () => {
      if (early.take === take) early.take = undefined;
      // Batches not given yet go back, in order, to the drop zone that replaces this one (a view taking over the page).
      early.batches.unshift(...pending.current.splice(0));
    };
  }, [giveNext]);

  // A choice that lands on this input once its drop zone has left the page (a view took the page over while
  // the file dialog was open) goes to the drop zone that replaced it, as a drop elsewhere on the page would.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || watched.has(input)) return;
    watched.add(input);
    // Never removed: by the time it matters the input is off the page, and goes when the dialog is done with it.
    input.addEventListener('change', () => {
      const early = window.earlyFiles;
      if (input.isConnected || !early || !input.files?.length) return;
      const files = [...input.files];
      if (early.take) early.take(files);
      else early.batches.push(files);
    });
  }, [inputRef]);

  // After each render that followed a taken batch (the page's file list is then current), the next one.
  useEffect(giveNext, [giveNext, taken, disabled]);

  return useCallback(() => {
    if (!giving.current) return;
    giving.current = false;
    setTaken((n) => n + 1);
  }, []);
}
