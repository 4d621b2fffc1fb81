/**
 * The photo with a paint layer over it: the visitor brushes over what is to
 * be removed (mouse, pen or finger), with a brush size, Undo and Clear. From
 * the keyboard, the photo takes focus and a box moved with the arrow keys
 * (Shift + arrows resize it) is marked with Enter. The painted cells are
 * drawn from the same bitmap that is sent, so what shows is what is filled.
 */
import { Button } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import { encodeMask, type EncodedMask } from '../../lib/image/ops/inpaint-mask';
import { gridFor, paintedShare, rasterise, stampSegment, type Grid, type Point, type Shape } from './strokes';
import { useObjectUrl } from '../../engine/useObjectUrl';
import { arrowDelta } from '../shared/arrow-keys';
import { t } from '../../lib/i18n/messages';
import './inpaint-brush.css';

interface MaskPainterProps {
  file: File;
  /** Called with the painted area whenever it changes; null when nothing is painted. */
  onMask(mask: EncodedMask | null): void;
  disabled?: boolean;
  /** Finds the person in the photo and returns their cells on the grid, or null when it could not (having said why). */
  selectPerson?(grid: Grid, onProgress: (share: number) => void): Promise<Uint8Array | null>;
}

type Box = Extract<Shape, { kind: 'rect' }>;

const HELP_ID = 'inpaint-help';
/** The paint colour: a strong pink that few photos contain, shown half transparent over the photo. */
const PAINT = [255, 32, 120, 255];
const MIN_BRUSH = 4;
const MAX_BRUSH = 120;

/** Redraws the cells of `box` (all of them without one) from the bitmap. */
function paint(canvas: HTMLCanvasElement | null, bits: Uint8Array, grid: Grid, box?: { x0: number; y0: number; x1: number; y1: number }) {
  // jsdom has no 2D canvas; the bitmap is still kept and sent.
  const context = canvas?.getContext?.('2d');
  if (!context) return;
  const x0 = box?.x0 ?? 0;
  const y0 = box?.y0 ?? 0;
  const width = (box ? box.x1 + 1 : grid.width) - x0;
  const height = (box ? box.y1 + 1 : grid.height) - y0;
  const pixels = context.createImageData(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (bits[(y0 + y) * grid.width + x0 + x]) pixels.data.set(PAINT, (y * width + x) * 4);
  context.putImageData(pixels, x0, y0);
}

/** The keyboard box at the start: a fifth of the grid, in the middle. */
function startBox(grid: Grid): Box {
  const width = Math.max(2, Math.round(grid.width / 5));
  const height = Math.max(2, Math.round(grid.height / 5));
  return { kind: 'rect', x: Math.round((grid.width - width) / 2), y: Math.round((grid.height - height) / 2), width, height };
}

/** Moves (or, with Shift, resizes) the keyboard box by one step, keeping it on the grid. */
function nudge(box: Box, grid: Grid, key: string, resize: boolean): Box | null {
  const step = Math.max(1, Math.round(Math.max(grid.width, grid.height) / 50));
  const arrow = arrowDelta(key);
  if (!arrow) return null;
  const d = [arrow[0] * step, arrow[1] * step];
  if (resize) {
    const width = Math.min(grid.width - box.x, Math.max(2, box.width + d[0]));
    const height = Math.min(grid.height - box.y, Math.max(2, box.height + d[1]));
    return { ...box, width, height };
  }
  return {
    ...box,
    x: Math.min(grid.width - box.width, Math.max(0, box.x + d[0])),
    y: Math.min(grid.height - box.height, Math.max(0, box.y + d[1])),
  };
}

export function MaskPainter({ file, onMask, disabled, selectPerson }: MaskPainterProps) {
  const url = useObjectUrl(file);
  const [grid, setGrid] = useState<Grid | null>(null);
  const [failed, setFailed] = useState(false);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [brush, setBrush] = useState(24);
  const [share, setShare] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  /** Share done while the model looks for the person; null when it is not looking. */
  const [finding, setFinding] = useState<number | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const bits = useRef<Uint8Array>(new Uint8Array(0));
  const stroke = useRef<Extract<Shape, { kind: 'stroke' }> | null>(null);

  useEffect(() => {
    setGrid(null);
    setFailed(false);
    setShapes([]);
    onMask(null);
  }, [file, onMask]);

  // Every change of the shapes redraws the layer from scratch and hands the page the new mask.
  useEffect(() => {
    if (!grid) return;
    bits.current = rasterise(shapes, grid);
    paint(canvas.current, bits.current, grid);
    const painted = paintedShare(bits.current);
    setShare(painted);
    onMask(painted > 0 ? encodeMask(bits.current, grid.width, grid.height) : null);
  }, [shapes, grid, onMask]);

  const onLoad = useCallback((event: SyntheticEvent<HTMLImageElement>) => {
    // The decoded size, with EXIF orientation applied as the worker's decoder applies it.
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (naturalWidth > 0 && naturalHeight > 0) {
      const found = gridFor(naturalWidth, naturalHeight);
      setGrid(found);
      setBox(startBox(found));
    } else setFailed(true);
  }, []);

  const cell = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [((event.clientX - rect.left) / (rect.width || 1)) * grid!.width, ((event.clientY - rect.top) / (rect.height || 1)) * grid!.height];
  };
  const radius = grid ? brush / 2 : 0;
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || !grid || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = cell(event);
    stroke.current = { kind: 'stroke', radius, points: [at] };
    paint(canvas.current, bits.current, grid, stampSegment(bits.current, grid, at, at, radius) ?? undefined);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || !grid) return;
    const at = cell(event);
    const last = current.points[current.points.length - 1];
    current.points.push(at);
    // Painted at once into the live bitmap; the whole stroke is kept for Undo when the pointer lifts.
    paint(canvas.current, bits.current, grid, stampSegment(bits.current, grid, last, at, current.radius) ?? undefined);
  };
  const onPointerUp = () => {
    const done = stroke.current;
    stroke.current = null;
    if (done) setShapes((old) => [...old, done]);
  };

  const undo = () => setShapes((old) => old.slice(0, -1));
  const findPerson = async () => {
    if (!grid || !selectPerson) return;
    setFinding(0);
    const cells = await selectPerson(grid, setFinding);
    setFinding(null);
    if (cells && cells.length === grid.width * grid.height) setShapes((old) => [...old, { kind: 'cells', bits: cells }]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || !grid || !box) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setShapes((old) => [...old, { ...box }]);
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo();
      return;
    }
    const moved = nudge(box, grid, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      setBox(moved);
    }
  };

  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const percent = share > 0 ? Math.max(1, Math.round(share * 100)) : 0;
  return (
    <div className="inpaint">
      <p className="inpaint-help" id={HELP_ID}>
        {t('views.inpaintBrush.help')}
      </p>
      {failed && (
        <p className="inpaint-help" role="alert">
          {t('views.inpaintBrush.photoFailed', { name: file.name })}
        </p>
      )}
      {url && !failed && (
        <div
          className="inpaint-stage"
          data-testid="inpaint-stage"
          role="application"
          aria-label={t('views.inpaintBrush.stageLabel', { name: file.name })}
          aria-describedby={HELP_ID}
          tabIndex={disabled || !grid ? -1 : 0}
          onKeyDown={onKeyDown}
        >
          <img className="inpaint-picture" src={url} alt="" onLoad={onLoad} onError={() => setFailed(true)} draggable={false} />
          {grid && (
            <canvas
              ref={canvas}
              className="inpaint-layer"
              data-testid="inpaint-layer"
              width={grid.width}
              height={grid.height}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            />
          )}
          {grid && box && (
            // Shown only while the photo has keyboard focus (see the stylesheet), so it never gets in a painter's way.
            <div
              className="inpaint-box"
              data-testid="inpaint-box"
              style={{ left: pct(box.x, grid.width), top: pct(box.y, grid.height), width: pct(box.width, grid.width), height: pct(box.height, grid.height) }}
            />
          )}
        </div>
      )}
      <div className="inpaint-controls">
        <label className="inpaint-brush">
          <span>{t('views.inpaintBrush.brushSize')}</span>
          <input
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            step={2}
            value={brush}
            disabled={disabled}
            onChange={(event) => setBrush(Number(event.target.value))}
          />
          <output data-testid="inpaint-brush-size">{brush}</output>
        </label>
        {selectPerson && (
          <Button type="button" variant="soft" disabled={disabled || !grid || finding !== null} onClick={() => void findPerson()}>
            {finding === null
              ? t('views.inpaintBrush.selectPerson')
              : t('views.inpaintBrush.findingPerson', { percent: Math.round(finding * 100) })}
          </Button>
        )}
        <Button type="button" variant="soft" disabled={disabled || shapes.length === 0} onClick={undo}>
          {t('views.inpaintBrush.undo')}
        </Button>
        <Button type="button" variant="soft" disabled={disabled || shapes.length === 0} onClick={() => setShapes([])}>
          {t('views.inpaintBrush.clear')}
        </Button>
      </div>
      <p className="inpaint-help" data-testid="inpaint-status" aria-live="polite">
        {percent > 0 ? t('views.inpaintBrush.painted', { percent }) : t('views.inpaintBrush.nothingPainted')}
      </p>
    </div>
  );
}
