/**
 * One pdf.js render of a page that both paints the page and reports its
 * text: every text-showing operation is intercepted on the way to the
 * canvas, its glyph run recorded with the position, size, font and colour
 * pdf.js draws it with, and, where the run can become an editable text box,
 * left unpainted. The picture therefore lacks exactly the text that the
 * runs carry; graphics (paths, images, shadings) are painted as usual.
 *
 * Per case (each run says whether it was painted):
 * - plain filled or stroked text in a solid colour: recorded, not painted;
 * - Type3 glyphs (each glyph is a small drawing, often a logo or a symbol),
 *   text filled with a pattern, text that adds to the clip (render modes
 *   4-7, so what it clips still shows through it) and vertical writing:
 *   painted as the PDF draws it and recorded as painted, so the caller can
 *   keep it searchable without showing it twice;
 * - invisible text (mode 3, the OCR layer over a scan), text in a hidden
 *   optional-content layer and text clipped away entirely: nothing to paint,
 *   recorded as painted (the page already shows what it shows);
 * - text inside annotations (form fields, stamps): painted and not
 *   recorded, as pdf.js's text layer of the page does not include it;
 * - text whose glyphs lie outside the page: not recorded, like pdf.js's
 *   text layer.
 *
 * The hook sits on pdf.js's CanvasGraphics instance of this render (reached
 * through the render task), so it depends on the pinned pdf.js version;
 * text-runs-render.test.ts fails if that changes.
 */
import { ToolError } from '../errors';
import { assertPageFits, pagePixelSize, type RasterBackend } from './render';
import { loadPdfjs, type PDFPageProxy } from './pdfjs';
import { runText } from '../i18n/run-messages';

/** Where a stretch of text sits, in pixels of the rendered picture (y down). */
export interface TextBaseline {
  /** Baseline start. */
  x: number;
  y: number;
  /** Unit vector along the baseline (1, 0 for upright text). */
  dx: number;
  dy: number;
  /** Baseline length from the start to the end of the last glyph. */
  advance: number;
  /** Font size (em height). */
  size: number;
}

/** One text-showing operation as drawn. */
export interface GlyphRun extends TextBaseline {
  /** The run's characters, a space where the PDF leaves a word gap inside the run. */
  text: string;
  /** The PDF font name, such as "ABCDEF+Helvetica-Bold". */
  fontName: string;
  bold: boolean;
  italic: boolean;
  /** "rrggbb" */
  color: string;
  /** 0..1 */
  opacity: number;
  /** True when the picture still shows (or never showed) this text, so a text box over it must stay transparent. */
  painted: boolean;
}

export interface RunsRender {
  bytes: Uint8Array;
  width: number;
  height: number;
  runs: GlyphRun[];
}

/** A TJ adjustment (thousandths of an em) at least this wide to the right is a word gap, as in pdf.js's text layer. */
const SPACE_GAP_EM = 0.102;
/** A backward jump at least this wide separates words too (pdf.js starts a new text item). */
const NEGATIVE_GAP_EM = -0.2;
/** The values of pdf.js's TextRenderingMode read here (pdf.js keeps the table to itself). */
const TextRenderingMode = { FILL: 0, STROKE: 1, INVISIBLE: 3, FILL_STROKE_MASK: 3, ADD_TO_PATH_FLAG: 4 } as const;

/** The parts of pdf.js's glyph objects read here. */
interface Glyph {
  unicode: string;
  width: number;
  isSpace: boolean;
}

/** The parts of pdf.js's CanvasGraphics state read here (CanvasExtraState). */
interface TextState {
  font: { name?: string; bold?: boolean; italic?: boolean; black?: boolean; isType3Font?: boolean; vertical?: boolean } | null;
  fontSize: number;
  fontMatrix: number[];
  fontDirection: number;
  textMatrix: number[] | null;
  textHScale: number;
  textRise: number;
  textRenderingMode: number;
  charSpacing: number;
  wordSpacing: number;
  x: number;
  y: number;
  fillColor: unknown;
  strokeColor: unknown;
  fillAlpha: number;
  patternFill: boolean;
  patternStroke: boolean;
  clipBox: ArrayLike<number>;
}

interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

interface Graphics {
  ctx: { getTransform(): Matrix };
  current: TextState;
  contentVisible: boolean;
  [op: number]: (...args: unknown[]) => unknown;
}

function hexColor(color: unknown): string {
  const m = typeof color === 'string' ? /^#([0-9a-f]{6})$/i.exec(color) : null;
  return m ? m[1]!.toLowerCase() : '000000';
}

/** Glyph runs' text and the x advance (text space, before horizontal scaling) of each glyph and gap. */
function layoutGlyphs(glyphs: (Glyph | number)[], state: TextState): { text: string; advance: number } {
  const { fontSize, charSpacing, wordSpacing, fontDirection } = state;
  const widthScale = fontSize * (state.fontMatrix?.[0] ?? 0.001);
  const spacingDir = state.font?.vertical ? 1 : -1;
  let text = '';
  let x = 0;
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') {
      const gap = (spacingDir * glyph * fontSize) / 1000;
      const em = fontSize === 0 ? 0 : gap / fontSize;
      // Also at the start of the run: a TJ may open with the gap before its first word.
      if ((em >= SPACE_GAP_EM || em <= NEGATIVE_GAP_EM) && !text.endsWith(' ')) text += ' ';
      x += gap;
      continue;
    }
    text += glyph.isSpace || /^\s+$/.test(glyph.unicode) ? ' ' : glyph.unicode;
    x += glyph.width * widthScale + ((glyph.isSpace ? wordSpacing : 0) + charSpacing) * fontDirection;
  }
  return { text: text.replace(/\s+/g, ' '), advance: x };
}

/** Whether two boxes [x0, y0, x1, y1] overlap. */
function overlaps(p: number[], q: ArrayLike<number>): boolean {
  return p[0]! < q[2]! && q[0]! < p[2]! && p[1]! < q[3]! && q[1]! < p[3]!;
}

/**
 * Renders a page on a white background at `dpi`, painting everything but the
 * text that the returned runs carry (see the file comment for each case).
 */
export async function renderPageWithTextRuns(
  page: PDFPageProxy,
  options: { dpi: number; quality: number; backend: RasterBackend },
): Promise<RunsRender> {
  assertPageFits(page, options.dpi);
  const { OPS, normalizeUnicode } = await loadPdfjs();
  const { width, height } = pagePixelSize(page, options.dpi);
  const viewport = page.getViewport({ scale: options.dpi / 72 });
  const canvas = options.backend.create(width, height);
  const runs: GlyphRun[] = [];
  let annotationDepth = 0;
  let type3Depth = 0;
  /** Offsets of pdf.js's scratch canvases for transparency groups, whose pixels land shifted on the page. */
  const groupOffsets: { x: number; y: number }[] = [];
  let hooked = false;

  const hook = (gfx: Graphics) => {
    const show = gfx[OPS.showText]!;
    gfx[OPS.showText] = function showText(this: Graphics, opIdx: unknown, glyphs: unknown) {
      const state = this.current;
      const font = state.font;
      if (annotationDepth > 0 || type3Depth > 0 || !font || state.fontSize === 0 || !Array.isArray(glyphs)) return show.call(this, opIdx, glyphs);
      const run = measureRun(this, glyphs as (Glyph | number)[]);
      const mode = state.textRenderingMode;
      const fillStroke = mode & TextRenderingMode.FILL_STROKE_MASK;
      const keepsPainting =
        font.isType3Font === true || font.vertical === true || (mode & TextRenderingMode.ADD_TO_PATH_FLAG) !== 0 || fillStroke === TextRenderingMode.INVISIBLE ||
        (fillStroke !== TextRenderingMode.STROKE && state.patternFill) || (fillStroke !== TextRenderingMode.FILL && state.patternStroke);
      if (run) runs.push({ ...run.run, painted: keepsPainting || run.clipped || !this.contentVisible });
      if (keepsPainting || !run) {
        if (font.isType3Font) type3Depth++;
        try {
          return show.call(this, opIdx, glyphs);
        } finally {
          if (font.isType3Font) type3Depth--;
        }
      }
      // Drawn invisibly, so pdf.js still advances the text position exactly as it would have.
      state.textRenderingMode = TextRenderingMode.INVISIBLE;
      try {
        return show.call(this, opIdx, glyphs);
      } finally {
        state.textRenderingMode = mode;
      }
    };
    const wrap = (op: number, before: (gfx: Graphics) => void, after: (gfx: Graphics, outer: Matrix) => void) => {
      const original = gfx[op]!;
      gfx[op] = function wrapped(this: Graphics, ...args: unknown[]) {
        const outer = this.ctx.getTransform();
        before(this);
        const result = original.apply(this, args);
        after(this, outer);
        return result;
      };
    };
    wrap(OPS.beginAnnotation, () => annotationDepth++, () => undefined);
    wrap(OPS.endAnnotation, () => (annotationDepth = Math.max(0, annotationDepth - 1)), () => undefined);
    wrap(
      OPS.beginGroup,
      () => undefined,
      (g, outer) => {
        const inner = g.ctx.getTransform();
        groupOffsets.push({ x: outer.e - inner.e, y: outer.f - inner.f });
      },
    );
    wrap(OPS.endGroup, () => undefined, () => void groupOffsets.pop());
  };

  /** The run's text and placement in page pixels, or null when pdf.js's text layer would not have it (outside the page, empty). */
  const measureRun = (gfx: Graphics, glyphs: (Glyph | number)[]): { run: Omit<GlyphRun, 'painted'>; clipped: boolean } | null => {
    const state = gfx.current;
    const { text, advance } = layoutGlyphs(glyphs, state);
    // Spaces at a run's ends are kept: they separate it from the next run.
    const clean = normalizeUnicode(text);
    if (clean.trim() === '') return null;
    // The text space of this run: the canvas transform, then the text matrix and position (as pdf.js's showText sets them up).
    const m = gfx.ctx.getTransform();
    const tm = state.textMatrix ?? [1, 0, 0, 1, 0, 0];
    const shift = groupOffsets.reduce((s, o) => ({ x: s.x + o.x, y: s.y + o.y }), { x: 0, y: 0 });
    const toPage = (tx: number, ty: number): [number, number] => {
      const px = tm[0]! * tx + tm[2]! * ty + tm[4]!;
      const py = tm[1]! * tx + tm[3]! * ty + tm[5]!;
      return [m.a * px + m.c * py + m.e + shift.x, m.b * px + m.d * py + m.f + shift.y];
    };
    const hScale = state.textHScale * state.fontDirection;
    const baseY = state.y + state.textRise;
    const [x0, y0] = toPage(state.x, baseY);
    const [x1, y1] = toPage(state.x + advance * hScale, baseY);
    const [ux, uy] = toPage(state.x, baseY + state.fontSize);
    const [rx, ry] = toPage(state.x + 1, baseY);
    const size = Math.hypot(ux - x0, uy - y0);
    let dx = rx - x0;
    let dy = ry - y0;
    const unit = Math.hypot(dx, dy) || 1;
    dx /= unit;
    dy /= unit;
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (!Number.isFinite(size) || size <= 0 || !Number.isFinite(length)) return null;
    const xs = [x0, x1, ux, ux + x1 - x0];
    const ys = [y0, y1, uy, uy + y1 - y0];
    // pdf.js keeps the clip's bounding box in the pixels of the canvas being drawn on (a group's own canvas inside a group).
    const onCanvas = [Math.min(...xs) - shift.x, Math.min(...ys) - shift.y, Math.max(...xs) - shift.x, Math.max(...ys) - shift.y];
    // Like pdf.js's text layer, a run that starts outside the page is not page text.
    if (x0 < -1 || y0 < -1 || x0 > width + 1 || y0 > height + 1) return null;
    const font = state.font!;
    const name = font.name ?? '';
    const stroked = (state.textRenderingMode & TextRenderingMode.FILL_STROKE_MASK) === TextRenderingMode.STROKE;
    return {
      run: {
        text: clean,
        x: x0,
        y: y0,
        dx,
        dy,
        advance: length,
        size,
        fontName: name,
        bold: font.bold === true || font.black === true,
        italic: font.italic === true,
        color: hexColor(stroked ? state.strokeColor : state.fillColor),
        opacity: Math.max(0, Math.min(1, state.fillAlpha ?? 1)),
      },
      clipped: !overlaps(onCanvas, state.clipBox),
    };
  };

  try {
    const task = page.render({
      canvas: canvas as HTMLCanvasElement,
      viewport,
      background: 'rgb(255,255,255)',
      // Called before each operation once the canvas graphics exist: the first call installs the hook.
      operationsFilter: () => {
        if (!hooked) {
          const gfx = (task as unknown as { _internalRenderTask?: { gfx?: Graphics } })._internalRenderTask?.gfx;
          // Only a pdf.js whose internals differ gets here (the tests catch that), never a particular file.
          if (!gfx) throw new ToolError(runText('run.slides.noPageText'));
          hook(gfx);
          hooked = true;
        }
        return true;
      },
    });
    await task.promise;
    return { bytes: await options.backend.toJpeg(canvas, options.quality), width, height, runs };
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}
