/**
 * The chosen layout drawn as the collage will be, with each picture in the
 * cell it will fill. Dragging a picture onto another cell swaps the two;
 * from the keyboard, Space or Enter picks a picture up, the arrow keys carry
 * it to the next cell in that direction, Space or Enter drops it and Escape
 * puts everything back. The order of the files is the order of the cells.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { collageCells, type CollageLayout } from '../../lib/image/ops/collage';
import { useObjectUrl } from '../../engine/useObjectUrl';
import { t } from '../../lib/i18n/messages';
import '../shared/image-stage.css';
import '../shared/pdf-views.css';
import { neighbour, placeIn } from './cell-order';
import './collage-cells.css';

interface CollageCellsProps {
  files: File[];
  layout: CollageLayout;
  onChange(files: File[]): void;
  disabled?: boolean;
}

const HELP_ID = 'collage-cells-help';
const pct = (v: number, of: number) => `${(v / of) * 100}%`;

function CellPicture({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? <img className="imgc-picture" src={url} alt="" draggable={false} /> : null;
}

export function CollageCells({ files, layout, onChange, disabled }: CollageCellsProps) {
  const { width, height, cells } = collageCells(layout);
  const cellRefs = useRef<(HTMLDivElement | null)[]>([]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [grabbed, setGrabbed] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragFrom = useRef<number | null>(null);
  const before = useRef<File[]>([]);
  const focusNext = useRef<number | null>(null);

  // Focus follows a picture carried with the keyboard into its new cell.
  useEffect(() => {
    if (focusNext.current === null) return;
    buttons.current[focusNext.current]?.focus();
    focusNext.current = null;
  });
  // A new layout or file list ends any move in progress.
  useEffect(() => setGrabbed(null), [layout, files.length]);

  /** A picture's name and its cell, as the messages take them. */
  const where = (name: string, i: number) => ({ name, cell: i + 1, count: cells.length });
  const cellAt = (x: number, y: number) =>
    cellRefs.current.findIndex((el) => {
      const r = el?.getBoundingClientRect();
      return !!r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    });

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, i: number) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragFrom.current = i;
    setOver(i);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (dragFrom.current === null) return;
    const at = cellAt(event.clientX, event.clientY);
    setOver(at >= 0 ? at : null);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    setOver(null);
    if (from === null) return;
    const to = cellAt(event.clientX, event.clientY);
    if (to < 0 || to === from) return;
    const next = placeIn(files, from, to);
    onChange(next);
    setAnnouncement(t('views.collageMaker.movedTo', where(files[from].name, next.indexOf(files[from]))));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const name = files[i].name;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (grabbed === i) {
        setGrabbed(null);
        setAnnouncement(t('views.collageMaker.droppedIn', where(name, i)));
      } else {
        before.current = files;
        setGrabbed(i);
        setAnnouncement(t('views.collageMaker.pickedUp', { name }));
      }
    } else if (grabbed === i && event.key === 'Escape') {
      event.preventDefault();
      onChange([...before.current]);
      setGrabbed(null);
      setAnnouncement(t('views.collageMaker.cancelled'));
    } else if (grabbed === i) {
      const to = neighbour(cells, i, event.key);
      if (to === null) return;
      event.preventDefault();
      if (to >= files.length) return;
      onChange(placeIn(files, i, to));
      setGrabbed(to);
      focusNext.current = to;
      setAnnouncement(t('views.collageMaker.movedTo', where(name, to)));
    }
  };

  const left = files.slice(cells.length);
  return (
    <div className="imgi-preview">
      <div className="imgc-stage" data-testid="collage-cells" role="list" aria-label={t('views.collageMaker.cells')} style={{ aspectRatio: `${width} / ${height}` }}>
        {cells.map((cell, i) => {
          const file = files[i];
          return (
            <div
              key={i}
              ref={(el) => {
                cellRefs.current[i] = el;
              }}
              role="listitem"
              className={`imgc-cell${over === i && dragFrom.current !== i ? ' imgc-cell-over' : ''}`}
              data-testid={`collage-cell-${i + 1}`}
              style={{ left: pct(cell.x, width), top: pct(cell.y, height), width: pct(cell.width, width), height: pct(cell.height, height) }}
            >
              {file ? (
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  className="imgc-button"
                  aria-label={t('views.collageMaker.cellLabel', where(file.name, i))}
                  aria-pressed={grabbed === i}
                  aria-describedby={HELP_ID}
                  disabled={disabled}
                  onPointerDown={(e) => onPointerDown(e, i)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => {
                    dragFrom.current = null;
                    setOver(null);
                  }}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  onBlur={() => grabbed === i && setGrabbed(null)}
                >
                  <CellPicture file={file} />
                  <span className="imgc-number" aria-hidden="true">
                    {i + 1}
                  </span>
                </button>
              ) : (
                <span className="imgc-empty">{t('views.collageMaker.empty')}</span>
              )}
            </div>
          );
        })}
      </div>
      <p className="imgi-help" id={HELP_ID}>
        {t('views.collageMaker.help')}
      </p>
      {left.length > 0 && (
        <p className="imgi-help" data-testid="collage-left-out">
          {t('views.collageMaker.leftOut', { names: left.map((f) => f.name).join(', ') })}
        </p>
      )}
      <div className="pdfv-sr" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
