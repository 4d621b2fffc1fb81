/**
 * An accessible reorderable list: each row has a grab handle (drag with the
 * pointer, or Space/arrows/Space from the keyboard), Move up, Move down and
 * Remove. The first row's Move up and the last row's Move down are disabled.
 */
import { IconButton } from '@radix-ui/themes';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { moveItem } from './reorder';
import { useDragReorder } from './useDragReorder';
import { t } from '../../lib/i18n/messages';
import './pdf-views.css';

export interface SortableListProps<T> {
  items: readonly T[];
  /** A stable key per item (kept while it moves). */
  itemKey(item: T): string;
  /** The item's name in button labels and announcements ("report.pdf", "Page 3"). */
  itemLabel(item: T, index: number): string;
  renderItem(item: T, index: number): ReactNode;
  /** Extra buttons shown before Move up (Rotate, for example). */
  renderActions?(item: T, index: number): ReactNode;
  onChange(items: T[]): void;
  /** Accessible name of the list. */
  label: string;
  disabled?: boolean;
  maxHeight?: number;
}

type Focus = { key: string; action: string } | null;

export function SortableList<T>(props: SortableListProps<T>) {
  const { items, itemKey, itemLabel, renderItem, renderActions, onChange, label, disabled, maxHeight } = props;
  const list = useRef<HTMLUListElement>(null);
  const helpId = useId();
  const drag = useDragReorder({ items, itemKey, itemLabel, onChange, list });
  const pendingFocus = useRef<Focus>(null);

  // A button that becomes disabled (Move up on reaching the top) or disappears would drop focus to the page.
  useEffect(() => {
    const want = pendingFocus.current;
    pendingFocus.current = null;
    if (!want || !list.current) return;
    const row = list.current.querySelector<HTMLElement>(`[data-key="${CSS.escape(want.key)}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${want.action}"]:not(:disabled)`);
    (button ?? row?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  });

  const move = (index: number, to: number, action: string) => {
    const key = itemKey(items[index]);
    const atEnd = to === 0 || to === items.length - 1;
    pendingFocus.current = { key, action: atEnd ? (action === 'up' ? 'down' : 'up') : action };
    onChange(moveItem(items, index, to));
  };
  const remove = (index: number) => {
    const next = items.filter((_, j) => j !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    pendingFocus.current = neighbour ? { key: itemKey(neighbour), action: 'remove' } : null;
    onChange(next);
  };

  if (items.length === 0) return null;
  return (
    <div className="pdfv-sortable">
      <p id={helpId} className="pdfv-sr">
        {t('views.shared.sortable.help')}
      </p>
      <ul
        ref={list}
        className="file-list pdfv-list"
        aria-label={label}
        style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}
      >
        {items.map((item, i) => {
          const key = itemKey(item);
          const name = itemLabel(item, i);
          const grabbed = drag.grabbed === key;
          return (
            <li key={key} data-key={key} className={`file-item pdfv-row${grabbed ? ' pdfv-row-grabbed' : ''}`}>
              <button
                type="button"
                className="pdfv-handle"
                aria-label={t('views.shared.sortable.reorder', { name })}
                aria-describedby={helpId}
                aria-pressed={grabbed}
                disabled={disabled}
                onPointerDown={(e) => drag.onHandlePointerDown(e, key)}
                onKeyDown={(e) => drag.onHandleKeyDown(e, key)}
                onBlur={() => drag.onHandleBlur(key)}
              >
                <GripVertical size={16} aria-hidden="true" />
              </button>
              <div className="pdfv-row-body">{renderItem(item, i)}</div>
              <span className="file-actions">
                {renderActions?.(item, i)}
                <IconButton type="button" size="1" variant="soft" data-action="up" aria-label={t('views.shared.sortable.moveUp', { name })}
                  disabled={disabled || i === 0} onClick={() => move(i, i - 1, 'up')}>
                  <ArrowUp size={14} />
                </IconButton>
                <IconButton type="button" size="1" variant="soft" data-action="down" aria-label={t('views.shared.sortable.moveDown', { name })}
                  disabled={disabled || i === items.length - 1} onClick={() => move(i, i + 1, 'down')}>
                  <ArrowDown size={14} />
                </IconButton>
                <IconButton type="button" size="1" variant="ghost" color="red" data-action="remove" aria-label={t('views.shared.sortable.remove', { name })}
                  disabled={disabled} onClick={() => remove(i)}>
                  <X size={14} />
                </IconButton>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="pdfv-sr" aria-live="assertive" aria-atomic="true" data-testid="reorder-announcement">
        {drag.announcement}
      </div>
    </div>
  );
}
