/**
 * The page picture on which the visitor places the signature box: a click
 * puts the box there, dragging it moves it, its corner handle resizes it.
 * Keyboard users place it with a button, move it with the arrow keys and set
 * position and size (percent of the page) in number boxes.
 */
import { Button } from '@radix-ui/themes';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../lib/i18n/messages';
import { arrowDelta } from '../shared/arrow-keys';
import { PercentInput } from '../shared/PercentInput';
import { DragStage, isOnStageBox, StageBox, type StageDrag } from '../shared/DragStage';
import type { StagePoint } from '../shared/usePointerDrag';
import '../shared/pdf-views.css';
import './signature-pad.css';

/** The box as fractions of the displayed page from its top-left. */
export interface PlacedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const MIN_SIZE = 0.02;
/** A click makes the box this share of the page's width (or less, to fit). */
const START_WIDTH = 0.35;

/** A box of the given width/height ratio centred on a point, kept on a page whose width/height ratio is pageRatio. */
export function boxAt(point: { x: number; y: number }, aspect: number, pageRatio: number, width = START_WIDTH): PlacedBox {
  let w = width;
  let h = (w * pageRatio) / aspect;
  if (h > 0.5) {
    w *= 0.5 / h;
    h = 0.5;
  }
  return { x: clamp(point.x - w / 2, 0, 1 - w), y: clamp(point.y - h / 2, 0, 1 - h), width: w, height: h };
}

interface SignaturePlacerProps {
  box: PlacedBox | null;
  onChange(box: PlacedBox): void;
  /** Width over height of what goes in the box (signature, and date line). */
  aspect: number;
  /** What the box shows (the signature), or nothing yet. */
  look?: ReactNode;
  /** The page picture. */
  children: ReactNode;
  disabled?: boolean;
}

type Drag = { mode: 'move'; dx: number; dy: number } | { mode: 'resize' };

export function SignaturePlacer({ box, onChange, aspect, look, children, disabled }: SignaturePlacerProps) {
  const stage = useRef<HTMLDivElement>(null);
  // Pointer events can arrive before React renders the last change, so handlers read the newest box here.
  const latest = useRef(box);
  latest.current = box;
  const emit = (next: PlacedBox) => {
    latest.current = next;
    onChange(next);
  };

  const measure = () => stage.current!.getBoundingClientRect();
  const pageRatio = () => {
    const rect = measure();
    return rect.width && rect.height ? rect.width / rect.height : 300 / 424;
  };
  const inside = (p: StagePoint) => ({ x: clamp(p.x, 0, 1), y: clamp(p.y, 0, 1) });

  const drag: StageDrag<Drag> = {
    disabled,
    start(at, target) {
      const box = latest.current;
      const p = inside(at);
      if (box && target.closest('[data-sig-handle]')) return { mode: 'resize' };
      if (box && isOnStageBox(target)) return { mode: 'move', dx: p.x - box.x, dy: p.y - box.y };
      const placed = boxAt(p, aspect, pageRatio(), box?.width);
      emit(placed);
      return { mode: 'move', dx: p.x - placed.x, dy: p.y - placed.y };
    },
    move(now, at) {
      const box = latest.current;
      if (!box) return;
      const p = inside(at);
      if (now.mode === 'move') {
        emit({ ...box, x: clamp(p.x - now.dx, 0, 1 - box.width), y: clamp(p.y - now.dy, 0, 1 - box.height) });
      } else {
        emit({ ...box, width: clamp(p.x - box.x, MIN_SIZE, 1 - box.x), height: clamp(p.y - box.y, MIN_SIZE, 1 - box.y) });
      }
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!box || disabled) return;
    const step = event.shiftKey ? 0.05 : 0.01;
    const move = arrowDelta(event.key);
    if (!move) return;
    event.preventDefault();
    onChange({ ...box, x: clamp(box.x + move[0] * step, 0, 1 - box.width), y: clamp(box.y + move[1] * step, 0, 1 - box.height) });
  };
  const set = (key: keyof PlacedBox) => (percent: number) => {
    if (!box) return;
    const v = percent / 100;
    const next = { ...box, [key]: v };
    next.width = clamp(next.width, MIN_SIZE, 1);
    next.height = clamp(next.height, MIN_SIZE, 1);
    next.x = clamp(next.x, 0, 1 - next.width);
    next.y = clamp(next.y, 0, 1 - next.height);
    onChange(next);
  };

  return (
    <div className="pdfv-crop">
      <DragStage stageRef={stage} drag={drag} className="pdfv-crop-stage sig-stage" testId="signature-stage">
        {children}
        {box && (
          <StageBox className="sig-box" data-testid="signature-box" rect={box} label={t('pdf-views.esign.placer.boxLabel')} disabled={disabled} onKeyDown={onKeyDown}>
            {look}
            <span className="sig-handle" data-sig-handle="" aria-hidden="true" />
          </StageBox>
        )}
      </DragStage>
      <fieldset className="pdfv-crop-inputs options" disabled={disabled}>
        <legend className="options-legend">{t('pdf-views.esign.placer.legend')}</legend>
        {box ? (
          <>
            <PercentInput label={t('pdf-views.esign.placer.fromLeft')} value={box.x * 100} step={0.5} onValue={set('x')} />
            <PercentInput label={t('pdf-views.esign.placer.fromTop')} value={box.y * 100} step={0.5} onValue={set('y')} />
            <PercentInput label={t('pdf-views.esign.placer.width')} value={box.width * 100} step={0.5} onValue={set('width')} />
            <PercentInput label={t('pdf-views.esign.placer.height')} value={box.height * 100} step={0.5} onValue={set('height')} />
          </>
        ) : (
          <Button type="button" variant="soft" onClick={() => onChange(boxAt({ x: 0.75, y: 0.85 }, aspect, pageRatio()))}>
            {t('pdf-views.esign.placer.placeBottomRight')}
          </Button>
        )}
      </fieldset>
    </div>
  );
}
