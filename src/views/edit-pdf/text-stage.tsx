/**
 * Text editing on the page preview: each text run the engine found is a
 * button over its place on the page; the chosen one is changed in the panel,
 * dragged or moved with the arrow keys, and removed with Delete. A changed
 * run is covered in white where it was and drawn anew where it goes (the
 * preview's stand-in for what the processor writes).
 */
import { Button } from '@radix-ui/themes';
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { t } from '../../lib/i18n/messages';
import { isChanged, runKey, type TextChange, type TextRun } from './text-edits';

const STEP = 0.005;
const BIG_STEP = 0.02;
/** Drags shorter than this (fraction of the page) are clicks. */
const MIN_DRAG = 0.003;

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

interface TextStageProps {
  page: number;
  runs: TextRun[];
  changes: Map<string, TextChange>;
  selected: string | null;
  /** Preview pixels per point. */
  scale: number;
  disabled: boolean;
  onSelect(run: TextRun | null): void;
  onChange(run: TextRun, changes: Partial<TextChange>): void;
  children: ReactNode;
}

interface Drag {
  run: TextRun;
  x: number;
  y: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
  moved: boolean;
}

export function TextStage({ page, runs, changes, selected, scale, disabled, onSelect, onChange, children }: TextStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const onDown = (event: PointerEvent<HTMLElement>, run: TextRun) => {
    if (disabled || event.button !== 0) return;
    const rect = stage.current?.getBoundingClientRect();
    if (!rect) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const c = changes.get(runKey(run));
    drag.current = { run, x: event.clientX, y: event.clientY, dx: c?.dx ?? 0, dy: c?.dy ?? 0, width: rect.width, height: rect.height, moved: false };
    onSelect(run);
  };
  const onMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const fx = (event.clientX - d.x) / d.width;
    const fy = (event.clientY - d.y) / d.height;
    if (!d.moved && Math.hypot(fx, fy) < MIN_DRAG) return;
    d.moved = true;
    onChange(d.run, { dx: d.dx + fx, dy: d.dy + fy });
  };
  const onUp = () => {
    drag.current = null;
  };
  const onKey = (event: KeyboardEvent<HTMLElement>, run: TextRun) => {
    const c = changes.get(runKey(run));
    const step = event.shiftKey ? BIG_STEP : STEP;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      onChange(run, { dx: (c?.dx ?? 0) + arrow[0], dy: (c?.dy ?? 0) + arrow[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(run, { deleted: true });
    } else if (event.key === 'Escape') {
      onSelect(null);
    }
  };

  return (
    <div ref={stage} className="pdfe-stage pdfe-text-stage" onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp}>
      {children}
      <div className="pdfe-surface" aria-hidden="true" onPointerDown={() => onSelect(null)} />
      {runs.map((run) => {
        const c = changes.get(runKey(run));
        if (!c || !isChanged(c)) return null;
        return <span key={`cover-${runKey(run)}`} className="pdfe-run-cover" style={{ left: pct(run.box.x), top: pct(run.box.y), width: pct(run.box.width), height: pct(run.box.height) }} />;
      })}
      <ul className="pdfe-objects" aria-label={t('pdf-views.edit.textOnPage', { page: page + 1 })}>
        {runs.map((run) => {
          const key = runKey(run);
          const c = changes.get(key);
          const changed = !!c && isChanged(c);
          const label = c?.deleted ? t('pdf-views.edit.deletedRunLabel', { text: run.text }) : t('pdf-views.edit.runLabel', { text: c?.text ?? run.text });
          return (
            <li key={key}>
              <button
                type="button"
                className={`pdfe-run${changed ? ' pdfe-run-changed' : ''}${c?.deleted ? ' pdfe-run-deleted' : ''}${selected === key ? ' pdfe-selected' : ''}`}
                data-testid="edit-text-run"
                aria-label={label}
                aria-pressed={selected === key}
                disabled={disabled}
                style={{ left: pct(run.box.x + (c?.dx ?? 0)), top: pct(run.box.y + (c?.dy ?? 0)), minWidth: pct(run.box.width), height: pct(run.box.height) }}
                onPointerDown={(e) => onDown(e, run)}
                onKeyDown={(e) => onKey(e, run)}
                onFocus={() => selected !== key && onSelect(run)}
              >
                {changed && !c.deleted && (
                  <span className="pdfe-run-text" style={{ fontSize: `${c.fontSize * scale}px`, color: c.color }}>
                    {c.text}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface TextPanelProps {
  change: TextChange | null;
  disabled: boolean;
  onChange(changes: Partial<TextChange>): void;
  onReset(): void;
}

/** The chosen run's words, size and colour, and Delete / Undo changes. */
export function TextPanel({ change, disabled, onChange, onReset }: TextPanelProps) {
  if (!change) return null;
  return (
    <fieldset className="pdfe-props options" disabled={disabled}>
      <legend className="options-legend">{t('pdf-views.edit.selectedTextLegend')}</legend>
      <label className="field">
        <span className="field-label">{t('pdf-views.edit.field.text')}</span>
        <input className="field-select" data-testid="edit-text-value" value={change.text} disabled={change.deleted} onChange={(e) => onChange({ text: e.target.value })} />
      </label>
      <label className="field">
        <span className="field-label">{t('pdf-views.edit.field.fontSize')}</span>
        <input
          type="number"
          className="field-select"
          min={1}
          max={500}
          step={0.5}
          value={Math.round(change.fontSize * 100) / 100}
          disabled={change.deleted}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isFinite(value) && value >= 1 && value <= 500) onChange({ fontSize: value });
          }}
        />
      </label>
      <label className="field">
        <span className="field-label">{t('pdf-views.edit.field.colour')}</span>
        <input type="color" className="field-color" value={change.color} disabled={change.deleted} onChange={(e) => onChange({ color: e.target.value })} />
      </label>
      <div className="pdfe-tools">
        <Button type="button" variant="soft" color="red" disabled={disabled || change.deleted} onClick={() => onChange({ deleted: true })}>
          {t('pdf-views.edit.deleteText')}
        </Button>
        <Button type="button" variant="soft" color="gray" disabled={disabled || !isChanged(change)} onClick={onReset}>
          {t('pdf-views.edit.undoTextChanges')}
        </Button>
      </div>
    </fieldset>
  );
}
