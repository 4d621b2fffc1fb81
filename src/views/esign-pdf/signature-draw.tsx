/**
 * Drawing a signature with the mouse, pen or finger. Each finished stroke
 * turns the ink into a PNG cut to its own bounds (transparent around it), so
 * the box placed on the page holds the signature and no empty margin.
 * Keyboard users type their signature in the Type tab instead.
 */
import { Button, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import { t } from '../../lib/i18n/messages';
import { bytesToBase64 } from '../../lib/image/signature-image';
import { usePointerDrag, type StagePoint } from '../shared/usePointerDrag';
import type { SignatureValue } from './signature-value';

type Point = { x: number; y: number };

const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;
const LINE = 3;
/** The exported PNG is drawn at twice the pad's CSS size, so it stays sharp on the page. */
const EXPORT_SCALE = 2;
const INK = '#0f1f73';

function stroke(ctx: CanvasRenderingContext2D, line: Point[], dx = 0, dy = 0) {
  ctx.beginPath();
  line.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x - dx, p.y - dy) : ctx.lineTo(p.x - dx, p.y - dy)));
  // A single tap still leaves a dot.
  if (line.length === 1) ctx.lineTo(line[0].x - dx + 0.1, line[0].y - dy);
  ctx.stroke();
}

function setInk(ctx: CanvasRenderingContext2D) {
  ctx.strokeStyle = INK;
  ctx.lineWidth = LINE;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/** The strokes as a PNG cut to their bounds plus a small margin; null when there is no ink or no canvas. */
async function exportInk(lines: Point[][]): Promise<SignatureValue | null> {
  const points = lines.flat();
  if (points.length === 0) return null;
  const pad = LINE * 2;
  const x0 = Math.min(...points.map((p) => p.x)) - pad;
  const y0 = Math.min(...points.map((p) => p.y)) - pad;
  const width = Math.ceil(Math.max(...points.map((p) => p.x)) + pad - x0);
  const height = Math.ceil(Math.max(...points.map((p) => p.y)) + pad - y0);
  const canvas = document.createElement('canvas');
  canvas.width = width * EXPORT_SCALE;
  canvas.height = height * EXPORT_SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(EXPORT_SCALE, EXPORT_SCALE);
  setInk(ctx);
  lines.forEach((line) => stroke(ctx, line, x0, y0));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return null;
  const base64 = bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
  return { kind: 'image', base64, url: `data:image/png;base64,${base64}`, width: canvas.width, height: canvas.height };
}

export function SignatureDraw({ onChange, disabled }: { onChange(value: SignatureValue | null): void; disabled?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const lines = useRef<Point[][]>([]);
  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx) setInk(ctx);
    return ctx;
  };
  // A drag is one stroke, in the pad's own units.
  const toPad = (at: StagePoint): Point => ({ x: at.x * PAD_WIDTH, y: at.y * PAD_HEIGHT });
  const drag = usePointerDrag<Point[]>(canvas, {
    disabled,
    start(at) {
      const line = [toPad(at)];
      lines.current.push(line);
      return line;
    },
    move(line, at) {
      line.push(toPad(at));
      const ctx = context();
      if (ctx) stroke(ctx, line.slice(-2));
    },
    end(line) {
      const ctx = context();
      if (ctx) stroke(ctx, line);
      void exportInk(lines.current).then(onChange);
    },
  });
  const clear = () => {
    lines.current = [];
    context()?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    onChange(null);
  };

  return (
    <div className="sig-pad">
      <Text as="p" className="pdfv-aside" id="sig-draw-help">
        {t('pdf-views.esign.draw.help')}
      </Text>
      <canvas
        ref={canvas}
        className="sig-draw-canvas"
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-label={t('pdf-views.esign.draw.areaLabel')}
        aria-describedby="sig-draw-help"
        data-testid="signature-canvas"
        {...drag}
      />
      <Button type="button" variant="soft" color="gray" onClick={clear} disabled={disabled}>
        {t('pdf-views.esign.draw.clear')}
      </Button>
    </div>
  );
}
