/**
 * Joins the glyph runs of one render (text-runs-render.ts) into lines for
 * text boxes: runs drawn one after another along the same baseline belong
 * together, a space put between them where the PDF leaves a word gap. A wide
 * gap (a column gutter, a table cell boundary) or a jump back starts a new
 * line, so two columns never become one box. Pure, in picture pixels.
 */
import type { GlyphRun, TextBaseline } from './text-runs-render';

/** Gaps, in ems of the larger font: from this wide a gap is a space (pdf.js's text layer uses the same)... */
const SPACE_GAP_EM = 0.102;
/** ...and from this wide, or this far back, a new line box. */
const NEW_BOX_GAP_EM = 1;
const BACKWARD_GAP_EM = -0.2;
/** Baselines closer than this (ems) are one line, which keeps sub- and superscripts with it. */
const SAME_BASELINE_EM = 0.45;

export interface RunPiece {
  /** The run's text with the space that separates it from the previous piece, if any. */
  text: string;
  run: GlyphRun;
}

/** A line of runs: its baseline runs to the end of the last run, its size is the largest on the line. */
export interface RunLine extends TextBaseline {
  pieces: RunPiece[];
  /** True when the line is mostly right-to-left script; its pieces are then in reading (logical) order. */
  rtl: boolean;
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/u;

/** Whether most strong characters of a text are right-to-left (Arabic, Hebrew). */
export function isMostlyRtl(text: string): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) rtl++;
    else if (LTR_CHAR.test(ch)) ltr++;
  }
  return rtl > ltr;
}

/**
 * Reading order of text drawn left to right on the page whose script is
 * right-to-left: the characters reversed, with runs of left-to-right
 * letters and digits (a name, a number) kept as they read. Simpler than the
 * full Unicode bidi algorithm, which the slide applies again on display.
 */
export function logicalOrder(visual: string): string {
  const parts = visual.match(/[A-Za-z0-9\u00C0-\u024F\u0370-\u04FF.,:%/+-]+|[^A-Za-z0-9\u00C0-\u024F\u0370-\u04FF.,:%/+-]/gu) ?? [];
  return parts.reverse().join('');
}

/** Groups runs, in drawing order, into lines. */
export function groupRuns(runs: readonly GlyphRun[]): RunLine[] {
  const lines: RunLine[] = [];
  for (const run of runs) {
    const line = lines[lines.length - 1];
    const joined = line && join(line, run);
    if (!joined) lines.push({ x: run.x, y: run.y, dx: run.dx, dy: run.dy, advance: run.advance, size: run.size, pieces: [{ text: run.text, run }], rtl: false });
  }
  for (const line of lines) {
    const first = line.pieces[0]!;
    const last = line.pieces[line.pieces.length - 1]!;
    first.text = first.text.trimStart();
    last.text = last.text.trimEnd();
    if (!isMostlyRtl(line.pieces.map((p) => p.text).join(''))) continue;
    line.rtl = true;
    line.pieces = line.pieces.reverse().map((p) => ({ ...p, text: logicalOrder(p.text) }));
  }
  return lines;
}

/** Appends `run` to `line` when it continues it; returns whether it did. */
function join(line: RunLine, run: GlyphRun): boolean {
  if (line.dx * run.dx + line.dy * run.dy < 0.999) return false;
  const em = Math.max(line.size, run.size);
  const relX = run.x - line.x;
  const relY = run.y - line.y;
  // Across the baseline (the normal points down the page for upright text).
  const across = -relX * line.dy + relY * line.dx;
  if (Math.abs(across) > SAME_BASELINE_EM * em) return false;
  const along = relX * line.dx + relY * line.dy;
  const gap = along - line.advance;
  if (gap > NEW_BOX_GAP_EM * em || gap < BACKWARD_GAP_EM * em) return false;
  const previous = line.pieces[line.pieces.length - 1]!.text;
  const spaced = gap >= SPACE_GAP_EM * em && !previous.endsWith(' ') && !run.text.startsWith(' ');
  const text = previous.endsWith(' ') ? run.text.trimStart() : run.text;
  line.pieces.push({ text: spaced ? ` ${text}` : text, run });
  line.advance = Math.max(line.advance, along + run.advance);
  line.size = em;
  return true;
}
