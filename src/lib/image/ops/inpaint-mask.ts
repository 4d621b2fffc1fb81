/**
 * The painted area of the inpainting tools as it travels from the page to the
 * worker: a bitmap on a grid of at most MASK_MAX_SIDE cells a side (the preview's
 * resolution, not the photo's), run-length coded row after row. The runs
 * alternate unpainted and painted, starting with unpainted, so a page sends a
 * few hundred numbers instead of a megabyte of pixels. The zod schema that
 * checks a mask where it arrives is its own module (inpaint-mask-schema.ts), so
 * the page that paints one does not load zod.
 */
import { ToolError } from '../../errors';
import { runText } from '../../i18n/run-messages';

/** The longest side of the mask grid; the page paints on a preview no finer than this. */
export const MASK_MAX_SIDE = 1024;

/** A mask as it travels: its grid and its runs (checked where it arrives, inpaint-mask-schema.ts). A type, not an interface, so it fits an option value. */
export type EncodedMask = {
  width: number;
  height: number;
  runs: number[];
};

/** Run-length codes a bitmap (non-zero: painted). */
export function encodeMask(bits: Uint8Array, width: number, height: number): EncodedMask {
  const runs: number[] = [];
  let painted = false;
  let length = 0;
  for (let i = 0; i < width * height; i++) {
    const on = bits[i] !== 0;
    if (on !== painted) {
      runs.push(length);
      painted = on;
      length = 0;
    }
    length++;
  }
  runs.push(length);
  return { width, height, runs };
}

/** The bitmap back from its runs (1: painted); a mask whose runs do not fill its grid exactly is refused. */
export function decodeMask(mask: EncodedMask): Uint8Array {
  const total = mask.width * mask.height;
  const bits = new Uint8Array(total);
  let at = 0;
  mask.runs.forEach((length, i) => {
    if (at + length > total) at = Infinity;
    else if (i % 2 === 1) bits.fill(1, at, at + length);
    at += length;
  });
  if (at !== total) {
    throw new ToolError(runText('run.inpaint.maskUnreadable'));
  }
  return bits;
}

/** True when some cell is painted. */
export function hasPaint(mask: EncodedMask): boolean {
  return mask.runs.some((length, i) => i % 2 === 1 && length > 0);
}

/**
 * The mask stretched to the photo's pixels (nearest cell). The grid must have the photo's proportions
 * (a mask painted on another picture is refused rather than stretched over this one).
 */
export function maskForImage(mask: EncodedMask, width: number, height: number, name: string): Uint8Array {
  const bits = decodeMask(mask);
  // The page rounds each side of the grid to whole cells: up to half a cell a side of difference is expected.
  const tolerance = 0.5 / mask.width + 0.5 / mask.height + 0.01;
  if (Math.abs(mask.width / mask.height / (width / height) - 1) > tolerance) {
    throw new ToolError(
      runText('run.inpaint.maskProportions', { maskWidth: mask.width, maskHeight: mask.height, name, width, height }),
    );
  }
  const out = new Uint8Array(width * height);
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x++) columns[x] = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height)) * mask.width;
    for (let x = 0; x < width; x++) out[y * width + x] = bits[row + columns[x]];
  }
  return out;
}

/**
 * A subject matte (0..255 a pixel, from the segmentation model) as cells of a mask grid: a cell is painted
 * when any of its pixels is mostly subject, then the area grows by `grow` cells all round, because a
 * fill that leaves a halo of hair or shadow looks worse than one that takes a little background too.
 */
export function matteToGrid(matte: Uint8Array, width: number, height: number, gridWidth: number, gridHeight: number, grow: number): Uint8Array {
  const cells = new Uint8Array(gridWidth * gridHeight);
  for (let y = 0; y < height; y++) {
    const row = Math.min(gridHeight - 1, Math.floor((y * gridHeight) / height)) * gridWidth;
    for (let x = 0; x < width; x++) if (matte[y * width + x] >= 128) cells[row + Math.min(gridWidth - 1, Math.floor((x * gridWidth) / width))] = 1;
  }
  if (grow <= 0) return cells;
  // Grown as a square, rows then columns, which is exact for a square and cheap.
  const rows = new Uint8Array(cells.length);
  for (let y = 0; y < gridHeight; y++)
    for (let x = 0; x < gridWidth; x++)
      if (cells[y * gridWidth + x]) rows.fill(1, y * gridWidth + Math.max(0, x - grow), y * gridWidth + Math.min(gridWidth, x + grow + 1));
  const out = new Uint8Array(cells.length);
  for (let y = 0; y < gridHeight; y++)
    for (let x = 0; x < gridWidth; x++) {
      if (!rows[y * gridWidth + x]) continue;
      for (let k = Math.max(0, y - grow); k <= Math.min(gridHeight - 1, y + grow); k++) out[k * gridWidth + x] = 1;
    }
  return out;
}
