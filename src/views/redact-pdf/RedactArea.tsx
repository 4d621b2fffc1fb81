/**
 * A page picture on which the visitor draws redaction boxes with the pointer,
 * as many as needed. From the keyboard, "Add a box" places one; a focused box
 * moves with the arrow keys, grows or shrinks with Shift and the arrow keys,
 * and goes with Delete. Every box is also listed with a Remove button.
 */
import { Button } from '@radix-ui/themes';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FractionBox } from '../../contract/view-extras';
import { t } from '../../lib/i18n/messages';
import { arrowDelta } from '../shared/arrow-keys';
import { usePointerDrag, type StagePoint } from '../shared/usePointerDrag';
import { boxBetween, boxPercents, isDrawn, moveBox, resizeBox, START_BOX } from './redact-boxes';
import '../shared/pdf-views.css';
import './redact-pdf.css';

interface RedactAreaProps {
  /** The boxes on the page shown, in the order drawn. */
  boxes: FractionBox[];
  onAdd(box: FractionBox): void;
  onChange(index: number, box: FractionBox): void;
  onRemove(index: number): void;
  /** The page picture (canvas or stand-in page) the boxes are drawn over. */
  children: ReactNode;
  disabled?: boolean;
}

/** How far one arrow key press moves or resizes a box: 1% of the page. */
const STEP = 0.01;

export function RedactArea({ boxes, onAdd, onChange, onRemove, children, disabled }: RedactAreaProps) {
  const surface = useRef<HTMLDivElement>(null);
  const boxElements = useRef<(HTMLDivElement | null)[]>([]);
  // The box being dragged out, shown while the pointer moves and added when it is released.
  const [drawing, setDrawing] = useState<FractionBox | null>(null);
  const drag = usePointerDrag<{ from: StagePoint; box: FractionBox | null }>(surface, {
    disabled,
    start: (at) => ({ from: at, box: null }),
    move(state, at) {
      state.box = boxBetween(state.from, at);
      setDrawing(state.box);
    },
    end(state) {
      setDrawing(null);
      if (state.box && isDrawn(state.box)) onAdd(state.box);
    },
  });

  const onBoxKey = (index: number, event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(index);
      return;
    }
    const delta = arrowDelta(event.key);
    if (!delta) return;
    event.preventDefault();
    const box = boxes[index]!;
    const [dx, dy] = [delta[0] * STEP, delta[1] * STEP];
    onChange(index, event.shiftKey ? resizeBox(box, dx, dy) : moveBox(box, dx, dy));
  };

  const addFromKeyboard = () => {
    onAdd(START_BOX);
    // The new box takes the focus, so the arrow keys go on to place it.
    requestAnimationFrame(() => boxElements.current[boxes.length]?.focus());
  };

  const place = (box: FractionBox) => ({ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });
  return (
    <div className="pdfv-crop pdfv-redact">
      <div className="pdfv-crop-stage">
        {children}
        <div ref={surface} className="pdfv-crop-surface" data-testid="redact-surface" aria-hidden="true" {...drag} />
        {boxes.map((box, index) => (
          <div
            key={index}
            ref={(element) => {
              boxElements.current[index] = element;
            }}
            className="pdfv-redact-box"
            data-testid="redact-box"
            role="button"
            tabIndex={0}
            aria-label={t('pdf-views.redact.boxLabel', { n: index + 1, ...boxPercents(box) })}
            style={place(box)}
            onKeyDown={(event) => onBoxKey(index, event)}
          />
        ))}
        {drawing && isDrawn(drawing) && <div className="pdfv-redact-box pdfv-redact-drawing" style={place(drawing)} />}
      </div>
      <div className="pdfv-toolbar">
        <Button type="button" variant="soft" disabled={disabled} onClick={addFromKeyboard}>
          {t('pdf-views.redact.addBox')}
        </Button>
      </div>
      {boxes.length > 0 && (
        <ul className="pdfv-redact-list" aria-label={t('pdf-views.redact.listLabel')}>
          {boxes.map((box, index) => (
            <li key={index}>
              <span>{t('pdf-views.redact.listItem', { n: index + 1, ...boxPercents(box) })}</span>
              <Button type="button" size="1" variant="soft" color="red" disabled={disabled} onClick={() => onRemove(index)}>
                {t('pdf-views.redact.remove', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
