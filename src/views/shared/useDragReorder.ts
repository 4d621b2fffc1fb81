/**
 * Drag-to-reorder for a list, by pointer (drag the grab handle) and by
 * keyboard (Space or Enter picks up, arrows move, Space or Enter drops,
 * Escape puts it back), with a spoken announcement of each step.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dropIndex, moveItem } from './reorder';

interface DragOptions<T> {
  items: readonly T[];
  itemKey(item: T): string;
  itemLabel(item: T, index: number): string;
  onChange(items: T[]): void;
  /** The list element; its children with data-key are measured while dragging. */
  list: React.RefObject<HTMLElement | null>;
}

export function useDragReorder<T>({ items, itemKey, itemLabel, onChange, list }: DragOptions<T>) {
  const [grabbed, setGrabbed] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef({ items, onChange });
  latest.current = { items, onChange };
  const before = useRef<readonly T[]>([]);
  const stopPointer = useRef<(() => void) | null>(null);

  useEffect(() => () => stopPointer.current?.(), []);

  const position = (key: string) => latest.current.items.findIndex((item) => itemKey(item) === key);
  const say = (key: string, verb: string) => {
    const index = position(key);
    const { items: now } = latest.current;
    if (index >= 0) setAnnouncement(`${itemLabel(now[index], index)} ${verb}, position ${index + 1} of ${now.length}.`);
  };

  const moveTo = (key: string, to: number) => {
    const from = position(key);
    if (from < 0 || to < 0 || to >= latest.current.items.length || to === from) return false;
    latest.current.onChange(moveItem(latest.current.items, from, to));
    return true;
  };

  const onHandlePointerDown = useCallback(
    (event: PointerEvent<HTMLElement>, key: string) => {
      if (event.button !== 0) return;
      event.preventDefault();
      setGrabbed(key);
      say(key, 'picked up');
      const move = (e: globalThis.PointerEvent) => {
        const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [])];
        const middles = rows.map((row) => {
          const rect = row.getBoundingClientRect();
          return rect.top + rect.height / 2;
        });
        const from = position(key);
        if (from >= 0) moveTo(key, dropIndex(middles, from, e.clientY));
      };
      const stop = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', stop);
        window.removeEventListener('pointercancel', stop);
        stopPointer.current = null;
        setGrabbed(null);
        say(key, 'dropped');
      };
      // Listening on the window, not with pointer capture: the row's node moves in the DOM as it is reordered.
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', stop);
      window.addEventListener('pointercancel', stop);
      stopPointer.current = stop;
    },
    // position/say/moveTo read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list],
  );

  const onHandleKeyDown = (event: KeyboardEvent<HTMLElement>, key: string) => {
    const index = position(key);
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (grabbed === key) {
        setGrabbed(null);
        say(key, 'dropped');
      } else {
        before.current = latest.current.items;
        setGrabbed(key);
        say(key, 'picked up. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel');
      }
    } else if (grabbed === key && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      if (moveTo(key, to)) {
        const { items: now } = latest.current;
        setAnnouncement(`${itemLabel(now[index], index)} moved to position ${to + 1} of ${now.length}.`);
      }
    } else if (grabbed === key && event.key === 'Escape') {
      event.preventDefault();
      latest.current.onChange([...before.current]);
      setGrabbed(null);
      setAnnouncement('Reordering cancelled. The list is back as it was.');
    }
  };

  /** Leaving the handle while holding an item drops it where it is. */
  const onHandleBlur = (key: string) => {
    if (grabbed === key && !stopPointer.current) {
      setGrabbed(null);
      say(key, 'dropped');
    }
  };

  return { grabbed, announcement, onHandlePointerDown, onHandleKeyDown, onHandleBlur };
}
