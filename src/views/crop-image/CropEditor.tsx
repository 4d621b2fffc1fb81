/**
 * The chosen image with the crop box over it. Dragging inside the box moves
 * it, its eight handles resize it, and pressing on the image outside it draws
 * a new one from that point. With the box focused, arrow keys move it and
 * Shift + arrows resize it. Everything is in image pixels, so the box and the
 * X / Y / Width / Height fields always say the same thing.
 */
import { useRef, type KeyboardEvent } from 'react';
import type { ShownImage } from '../shared/useImagePreview';
import { DragStage, focusStageBox, isOnStageBox, StageBox, type StageDrag } from '../shared/DragStage';
import { t } from '../../lib/i18n/messages';
import { dragRect, GRIPS, nudgeRect, type Grip, type PixelRect } from './crop-rect';
import '../shared/image-stage.css';
import './crop-image.css';

interface CropEditorProps {
  image: ShownImage;
  rect: PixelRect;
  onChange(rect: PixelRect): void;
  disabled?: boolean;
}

interface Drag {
  grip: Grip;
  start: PixelRect;
  clientX: number;
  clientY: number;
  /** Image pixels per screen pixel, measured when the drag starts. */
  scale: number;
}

export const CROP_HELP_ID = 'crop-image-help';

export function CropEditor({ image, rect, onChange, disabled }: CropEditorProps) {
  const { url, name, size, onDecoded } = image;
  const stage = useRef<HTMLDivElement>(null);
  const drag: StageDrag<Drag> = {
    disabled,
    start(at, target) {
      const scale = size.width / (at.bounds.width || size.width);
      const grip = (target.closest('[data-grip]')?.getAttribute('data-grip') as Grip | null) ?? (isOnStageBox(target) ? 'move' : null);
      focusStageBox(stage.current!);
      if (grip) return { grip, start: rect, clientX: at.clientX, clientY: at.clientY, scale };
      // A press outside the box starts a new 1 x 1 box there, grown by dragging its bottom-right corner.
      const x = Math.min(size.width - 1, Math.max(0, Math.floor(at.x * size.width)));
      const y = Math.min(size.height - 1, Math.max(0, Math.floor(at.y * size.height)));
      const start = { x, y, width: 1, height: 1 };
      onChange(start);
      return { grip: 'se', start, clientX: at.clientX, clientY: at.clientY, scale };
    },
    move(now, at) {
      const moved = dragRect(now.start, now.grip, (at.clientX - now.clientX) * now.scale, (at.clientY - now.clientY) * now.scale, size);
      if (moved.x !== rect.x || moved.y !== rect.y || moved.width !== rect.width || moved.height !== rect.height) onChange(moved);
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = nudgeRect(rect, event.key, event.shiftKey, size);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <div className="imgi-preview">
      <DragStage stageRef={stage} drag={drag} className="imgi-stage" testId="crop-stage">
        <img
          className="imgi-picture"
          src={url}
          alt={t('views.cropImage.previewAlt', { name })}
          width={size.width}
          height={size.height}
          draggable={false}
          onLoad={(e) => onDecoded(e.currentTarget)}
        />
        <StageBox
          className="imgi-crop-box"
          // On a small box the edge handles would cover it; the corners are enough to resize it.
          data-small={rect.width / size.width < 0.15 || rect.height / size.height < 0.15 || undefined}
          data-testid="crop-box"
          rect={rect}
          of={size}
          label={t('views.cropImage.boxLabel', { width: rect.width, height: rect.height, x: rect.x, y: rect.y })}
          aria-describedby={CROP_HELP_ID}
          disabled={disabled}
          onKeyDown={onKeyDown}
        >
          {GRIPS.map((grip) => (
            <span key={grip} className={`imgi-grip imgi-grip-${grip}`} data-grip={grip} data-testid={`crop-grip-${grip}`} aria-hidden="true" />
          ))}
        </StageBox>
      </DragStage>
      <p className="imgi-help" id={CROP_HELP_ID}>
        {t('views.cropImage.help')}
      </p>
    </div>
  );
}
