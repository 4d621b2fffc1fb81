/**
 * A page picture on which the visitor draws the crop box with the pointer,
 * plus four margin inputs (percent) that set the same box from the keyboard.
 */
import { useRef, type ReactNode } from 'react';
import { t, type MessageId } from '../../lib/i18n/messages';
import { boxFromPoints, boxToMargins, hasArea, marginsToBox, type CropBox, type Margins } from './crop-box';
import { PercentInput } from '../shared/PercentInput';
import { usePointerDrag, type StagePoint } from '../shared/usePointerDrag';
import '../shared/pdf-views.css';

interface CropAreaProps {
  box: CropBox;
  onChange(box: CropBox): void;
  /** The page picture (canvas or mock page) the box is drawn over. */
  children: ReactNode;
  disabled?: boolean;
}

const SIDES: { key: keyof Margins; label: MessageId }[] = [
  { key: 'top', label: 'pdf-views.crop.trimTop' },
  { key: 'right', label: 'pdf-views.crop.trimRight' },
  { key: 'bottom', label: 'pdf-views.crop.trimBottom' },
  { key: 'left', label: 'pdf-views.crop.trimLeft' },
];

export function CropArea({ box, onChange, children, disabled }: CropAreaProps) {
  const surface = useRef<HTMLDivElement>(null);
  // The drag's state is where it started; a click without a drag keeps the box the visitor already has.
  const drag = usePointerDrag<StagePoint>(surface, {
    disabled,
    start: (at) => at,
    move(from, at) {
      const next = boxFromPoints(from, at);
      if (hasArea(next)) onChange(next);
    },
  });

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
          {...drag}
        />
      </div>
      <fieldset className="pdfv-crop-inputs options" disabled={disabled}>
        <legend className="options-legend">{t('pdf-views.crop.marginsLegend')}</legend>
        {SIDES.map(({ key, label }) => (
          <PercentInput key={key} label={t(label)} value={margins[key]} step={1} onValue={(v) => onChange(marginsToBox({ ...margins, [key]: v }))} />
        ))}
      </fieldset>
    </div>
  );
}
