/**
 * A page picture on which the visitor draws the crop box with the pointer,
 * plus four margin inputs (percent) that set the same box from the keyboard.
 */
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { boxFromPoints, boxToMargins, hasArea, marginsToBox, type CropBox, type Margins } from './crop-box';
import '../shared/pdf-views.css';

interface CropAreaProps {
  box: CropBox;
  onChange(box: CropBox): void;
  /** The page picture (canvas or mock page) the box is drawn over. */
  children: ReactNode;
  disabled?: boolean;
}

const SIDES: { key: keyof Margins; label: string }[] = [
  { key: 'top', label: 'Trim top' },
  { key: 'right', label: 'Trim right' },
  { key: 'bottom', label: 'Trim bottom' },
  { key: 'left', label: 'Trim left' },
];

export function CropArea({ box, onChange, children, disabled }: CropAreaProps) {
  const surface = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);

  const point = (event: PointerEvent) => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / (rect.width || 1), y: (event.clientY - rect.top) / (rect.height || 1) };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = point(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const next = boxFromPoints(start.current, point(event));
    // A click without a drag keeps the box the visitor already has.
    if (hasArea(next)) onChange(next);
  };
  const onPointerUp = () => {
    start.current = null;
  };

  const margins = boxToMargins(box);
  return (
    <div className="pdfv-crop">
      <div className="pdfv-crop-stage">
        {children}
        {hasArea(box) && (
          <div
            className="pdfv-crop-box"
            data-testid="crop-box"
            style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
          />
        )}
        <div
          ref={surface}
          className="pdfv-crop-surface"
          data-testid="crop-surface"
          aria-hidden="true"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      </div>
      <fieldset className="pdfv-crop-inputs options" disabled={disabled}>
        <legend className="options-legend">Crop area (percent of the page to trim)</legend>
        {SIDES.map(({ key, label }) => (
          <PercentInput key={key} label={label} value={margins[key]} onValue={(v) => onChange(marginsToBox({ ...margins, [key]: v }))} />
        ))}
      </fieldset>
    </div>
  );
}

/** A 0-100 number box that lets the visitor clear it while typing. */
function PercentInput({ label, value, onValue }: { label: string; value: number; onValue(v: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="field-label">{label} (%)</span>
      <input
        type="number"
        className="field-select"
        min={0}
        max={100}
        step={1}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n)) onValue(Math.min(100, Math.max(0, n)));
        }}
        onBlur={() => setDraft(null)}
      />
    </label>
  );
}
