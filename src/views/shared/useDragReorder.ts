/**
 * Drag-to-reorder for a list, by pointer (drag the grab handle) and by
 * keyboard (Space or Enter picks up, arrows move, Space or Enter drops,
 * Escape puts it back), with a spoken announcement of each step.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { t } from '../../lib/i18n/messages';
import { dropIndex, moveItem } from './reorder';

/** The announcements of a step that tell the item's new position. */
type PositionMessage = 'views.shared.reorder.pickedUp' | 'views.shared.reorder.pickedUpKeyboard' | 'views.shared.reorder.dropped';

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
  const say = (key: string, message: PositionMessage) => {
    const index = position(key);
    const { items: now } = latest.current;
    if (index >= 0) setAnnouncement(t(message, { name: itemLabel(now[index], index), position: index + 1, count: now.length }));
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
      say(key, 'views.shared.reorder.pickedUp');
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
        say(key, 'views.shared.reorder.dropped');
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
        say(key, 'views.shared.reorder.dropped');
      } else {
        before.current = latest.current.items;
        setGrabbed(key);
        say(key, 'views.shared.reorder.pickedUpKeyboard');
      }
    } else if (grabbed === key && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      if (moveTo(key, to)) {
        const { items: now } = latest.current;
        setAnnouncement(t('views.shared.reorder.moved', { name: itemLabel(now[index], index), position: to + 1, count: now.length }));
      }
    } else if (grabbed === key && event.key === 'Escape') {
      event.preventDefault();
      latest.current.onChange([...before.current]);
      setGrabbed(null);
      setAnnouncement(t('views.shared.reorder.cancelled'));
    }
  };

  /** Leaving the handle while holding an item drops it where it is. */
  const onHandleBlur = (key: string) => {
    if (grabbed === key && !stopPointer.current) {
      setGrabbed(null);
      say(key, 'views.shared.reorder.dropped');
    }
  };

  return { grabbed, announcement, onHandlePointerDown, onHandleKeyDown, onHandleBlur };
}
