/**
 * The page of Edit PDF: the page picture with its objects drawn over it.
 * Dragging on the page with a drawing tool makes an object (a click makes
 * one of default size); objects are selected by click or Tab, moved by drag
 * or arrow keys, resized by the corner handle or Alt+arrow keys, and removed
 * with Delete.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { bounds, isDrawn, moved, objectAt, objectFromDrag, objectLabel, resized, type EditKind, type EditObject, type EditStyle, type Point } from './edit-objects';
import { arrowDelta } from '../shared/arrow-keys';
import { t } from '../../lib/i18n/messages';
import './edit-pdf.css';

export type EditTool = 'select' | Exclude<EditKind, 'image'>;

interface EditStageProps {
  page: number;
  /** The objects on this page, bottom first. */
  objects: EditObject[];
  selectedId: string | null;
  tool: EditTool;
  style: EditStyle;
  /** CSS pixels per PDF point of the picture, so text and strokes show at their real size. */
  scale: number;
  disabled?: boolean;
  onCreate(object: EditObject): void;
  onSelect(id: string | null): void;
  onUpdate(id: string, changes: Partial<EditObject>, group: string): void;
  /** Ends a drag, so the next change is a new undo step. */
  onCommit(): void;
  onRemove(id: string): void;
  /** The page picture. */
  children: ReactNode;
}

interface Gesture {
  mode: 'draw' | 'move' | 'resize';
  start: Point;
  origin?: EditObject;
  group: string;
}

const STEP = 0.005;
const BIG_STEP = 0.05;
let gestures = 0;

export function EditStage(props: EditStageProps) {
  const { page, objects, selectedId, tool, style, scale, disabled, children } = props;
  const surface = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [draft, setDraft] = useState<EditObject | null>(null);

  const point = (event: PointerEvent): Point => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / (rect.width || 1), y: (event.clientY - rect.top) / (rect.height || 1) };
  };
  const begin = (event: PointerEvent<HTMLElement>, next: Omit<Gesture, 'start' | 'group'>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gestures += 1;
    gesture.current = { ...next, start: point(event), group: `${next.mode}-${gestures}` };
  };

  const onSurfaceDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    if (tool === 'select') return props.onSelect(null);
    begin(event, { mode: 'draw' });
    const start = gesture.current!.start;
    setDraft(objectFromDrag(tool, page, start, start, style));
  };
  const onObjectDown = (event: PointerEvent<HTMLElement>, object: EditObject, mode: 'move' | 'resize') => {
    if (disabled || event.button !== 0) return;
    event.stopPropagation();
    props.onSelect(object.id);
    begin(event, { mode, origin: object });
  };
  const onMove = (event: PointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    const p = point(event);
    if (g.mode === 'draw' && tool !== 'select') return setDraft(objectFromDrag(tool, page, g.start, p, style));
    const [dx, dy] = [p.x - g.start.x, p.y - g.start.y];
    if (g.origin && (dx || dy)) props.onUpdate(g.origin.id, g.mode === 'move' ? moved(g.origin, dx, dy) : resized(g.origin, dx, dy), g.group);
  };
  const onUp = () => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    if (g.mode !== 'draw') return props.onCommit();
    if (draft && tool !== 'select') props.onCreate(isDrawn(draft) ? draft : objectAt(tool, page, g.start, style));
    setDraft(null);
  };

  const onObjectKey = (event: KeyboardEvent<HTMLElement>, object: EditObject) => {
    if (disabled) return;
    const arrow = arrowDelta(event.key);
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? BIG_STEP : STEP;
      const [dx, dy] = [arrow[0] * step, arrow[1] * step];
      const changes = event.altKey ? resized(object, dx, dy) : moved(object, dx, dy);
      props.onUpdate(object.id, changes, `keys-${object.id}-${event.altKey ? 'size' : 'move'}`);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(object.id);
    } else if (event.key === 'Escape') {
      props.onSelect(null);
    }
  };

  return (
    <div className="pdfe-stage" onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp}>
      {children}
      <div
        ref={surface}
        className={`pdfe-surface pdfe-tool-${tool}`}
        data-testid="edit-surface"
        aria-hidden="true"
        onPointerDown={onSurfaceDown}
      />
      <ul className="pdfe-objects" aria-label={t('pdf-views.edit.objectsOnPage', { page: page + 1 })}>
        {objects.map((o) => (
          <li key={o.id}>
            <ObjectView
              object={o}
              scale={scale}
              selected={o.id === selectedId}
              onPointerDown={(e) => onObjectDown(e, o, 'move')}
              onHandleDown={(e) => onObjectDown(e, o, 'resize')}
              onKeyDown={(e) => onObjectKey(e, o)}
              onFocus={() => o.id !== selectedId && props.onSelect(o.id)}
            />
          </li>
        ))}
      </ul>
      {draft && isDrawn(draft) && <ObjectView object={draft} scale={scale} selected={false} draft />}
    </div>
  );
}

interface ObjectViewProps {
  object: EditObject;
  scale: number;
  selected: boolean;
  draft?: boolean;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
  onHandleDown?(event: PointerEvent<HTMLElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLElement>): void;
  onFocus?(): void;
}

/** One object over the page, drawn with CSS at the page's scale. */
function ObjectView({ object: o, scale, selected, draft, onPointerDown, onHandleDown, onKeyDown, onFocus }: ObjectViewProps) {
  const b = bounds(o);
  const stroke = Math.max(1, o.strokeWidth * scale);
  const look: Record<EditKind, React.CSSProperties> = {
    text: { color: o.color, fontSize: o.fontSize * scale },
    whiteout: {},
    rect: { border: `${stroke}px solid ${o.color}` },
    ellipse: { border: `${stroke}px solid ${o.color}`, borderRadius: '50%' },
    line: {},
    image: {},
  };
  return (
    <div
      role={draft ? undefined : 'button'}
      tabIndex={draft ? undefined : 0}
      aria-label={draft ? undefined : objectLabel(o)}
      aria-pressed={draft ? undefined : selected}
      className={`pdfe-obj pdfe-${o.kind}${selected ? ' pdfe-selected' : ''}${draft ? ' pdfe-draft' : ''}`}
      data-testid={draft ? 'edit-draft' : 'edit-object'}
      style={{ left: `${b.left * 100}%`, top: `${b.top * 100}%`, width: `${b.width * 100}%`, height: `${b.height * 100}%`, ...look[o.kind] }}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {o.kind === 'text' && <span className="pdfe-text">{o.text || t('pdf-views.edit.textPlaceholder')}</span>}
      {o.kind === 'image' && o.image && <img src={o.image} alt="" draggable={false} />}
      {o.kind === 'line' && (
        <svg className="pdfe-line" aria-hidden="true">
          <line
            x1={o.width < 0 ? '100%' : '0'}
            y1={o.height < 0 ? '100%' : '0'}
            x2={o.width > 0 ? '100%' : '0'}
            y2={o.height > 0 ? '100%' : '0'}
            stroke={o.color}
            strokeWidth={stroke}
          />
        </svg>
      )}
      {selected && onHandleDown && <span className="pdfe-handle" data-testid="edit-handle" aria-hidden="true" onPointerDown={onHandleDown} />}
    </div>
  );
}
