/**
 * A live preview of the image with the text on it, painted by the same
 * function and font as the worker uses. Dragging the text moves it, pressing
 * elsewhere on the picture puts its centre there; with the text selected,
 * arrow keys nudge it (Shift: ten times as far).
 */
import { Button } from '@radix-ui/themes';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CENTRE, loadTextFont, paintText, type TextBounds, type TextPosition } from '../../lib/image/text';
import { t } from '../../lib/i18n/messages';
import { arrowDelta } from '../shared/arrow-keys';
import { DragStage, focusStageBox, isOnStageBox, StageBox, type StageDrag } from '../shared/DragStage';
import type { ShownImage } from '../shared/useImagePreview';
import '../shared/image-stage.css';
import './text-placer.css';

interface TextPlacerProps {
  image: ShownImage;
  text: string;
  fontSize: number;
  colour: string;
  at: TextPosition;
  onChange(at: TextPosition): void;
  disabled?: boolean;
}

/** The preview canvas's longest side: enough to judge placement without painting a 40-megapixel canvas per keystroke. */
const PREVIEW_MAX = 960;
const HELP_ID = 'text-placer-help';
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const percent = (v: number) => Math.round(v * 100);

/** Text metrics from a throwaway canvas; where there is none (tests), an even-width estimate keeps the layout sensible. */
function useMeasure() {
  return useMemo(() => {
    const context = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    if (context) return context;
    let font = '';
    return {
      set font(v: string) {
        font = v;
      },
      get font() {
        return font;
      },
      fillStyle: '',
      textAlign: 'center',
      textBaseline: 'middle',
      measureText: (t: string) => ({ width: t.length * 0.6 * parseFloat(font) }) as TextMetrics,
      fillText: () => undefined,
    } as unknown as CanvasRenderingContext2D;
  }, []);
}

/** The picture, once the browser has decoded it. */
function usePicture(url: string, onDecoded?: (picture: HTMLImageElement) => void): HTMLImageElement | null {
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  const latest = useRef(onDecoded);
  latest.current = onDecoded;
  useEffect(() => {
    setPicture(null);
    const img = new Image();
    img.onload = () => {
      setPicture(img);
      latest.current?.(img);
    };
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return picture;
}

export function TextPlacer({ image, text, fontSize, colour, at, onChange, disabled }: TextPlacerProps) {
  const { url, name, size, onDecoded } = image;
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const picture = usePicture(url, onDecoded);
  const measure = useMeasure();
  const [fontReady, setFontReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadTextFont().then(
      () => live && setFontReady(true),
      // Without the font the preview still shows placement, in the fallback font.
      () => live && setFontReady(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const scale = Math.min(1, PREVIEW_MAX / Math.max(size.width, size.height));
  const bounds: TextBounds = useMemo(
    () => paintText(measure, size, text, fontSize, colour, at, false),
    // fontReady: widths change once the real font is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [measure, size, text, fontSize, colour, at, fontReady],
  );

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !picture) return;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    context.drawImage(picture, 0, 0, size.width, size.height);
    paintText(context, size, text, fontSize, colour, at);
  }, [picture, scale, size, text, fontSize, colour, at, fontReady]);

  // A drag holds the pointer's offset from the text's anchor, so the text does not jump under it.
  const drag: StageDrag<TextPosition> = {
    disabled,
    start(p, target) {
      focusStageBox(stage.current!);
      if (isOnStageBox(target)) return { x: at.x - p.x, y: at.y - p.y };
      onChange({ x: clamp01(p.x), y: clamp01(p.y) });
      return { x: 0, y: 0 };
    },
    move(offset, p) {
      onChange({ x: clamp01(p.x + offset.x), y: clamp01(p.y + offset.y) });
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    const move = arrowDelta(event.key);
    if (!move || disabled) return;
    event.preventDefault();
    // Rounded to whole hundredths so repeated nudges land on the percentages shown.
    const round = (v: number) => Math.round(clamp01(v) * 1000) / 1000;
    onChange({ x: round(at.x + move[0] * step), y: round(at.y + move[1] * step) });
  };

  const where = { x: percent(at.x), y: percent(at.y) };
  return (
    <div className="imgi-preview">
      <DragStage stageRef={stage} drag={drag} className="imgi-stage imgt-stage" testId="text-stage">
        <canvas
          ref={canvas}
          className="imgi-picture"
          width={Math.max(1, Math.round(size.width * scale))}
          height={Math.max(1, Math.round(size.height * scale))}
          role="img"
          aria-label={t('views.addTextToImage.previewLabel', { name })}
        />
        <StageBox
          className="imgt-box"
          data-testid="text-box"
          rect={{ x: bounds.left, y: bounds.top, width: bounds.width, height: bounds.height }}
          of={size}
          label={t('views.addTextToImage.boxLabel', where)}
          aria-describedby={HELP_ID}
          disabled={disabled}
          onKeyDown={onKeyDown}
        />
      </DragStage>
      <p className="imgi-help" id={HELP_ID}>
        {t('views.addTextToImage.help')}
      </p>
      <div className="imgt-row">
        <p className="imgi-help" data-testid="text-position">
          {t('views.addTextToImage.centreAt', where)}
        </p>
        <Button type="button" variant="soft" size="1" disabled={disabled || (at.x === CENTRE.x && at.y === CENTRE.y)} onClick={() => onChange(CENTRE)}>
          {t('views.addTextToImage.centre')}
        </Button>
      </div>
    </div>
  );
}
