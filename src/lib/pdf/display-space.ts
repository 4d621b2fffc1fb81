/**
 * Drawing on a page as a reader shows it: "display space" has its origin at
 * the bottom-left of the visible box after the page's /Rotate, so text drawn
 * there stays upright on screen whatever the page's rotation.
 */
import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { pageRotation, type Box } from './page-box';

/** An affine matrix [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];

/**
 * The matrix from "display space" (points, x right and y up from the
 * bottom-left of the page as a reader shows it) to the page's user space,
 * for a visible box and a clockwise /Rotate of 0, 90, 180 or 270.
 */
export function displayMatrix(visible: Box, rotation: number): Matrix {
  const { x, y, width: w, height: h } = visible;
  if (rotation === 90) return [0, 1, -1, 0, x + w, y];
  if (rotation === 180) return [-1, 0, 0, -1, x + w, y + h];
  if (rotation === 270) return [0, -1, 1, 0, x, y + h];
  return [1, 0, 0, 1, x, y];
}

/** Width and height of the page as a reader shows it (sideways pages swap them). */
export function displaySize(visible: Box, rotation: number): { width: number; height: number } {
  const sideways = rotation === 90 || rotation === 270;
  return sideways ? { width: visible.height, height: visible.width } : { width: visible.width, height: visible.height };
}


/** The colour of "#rrggbb" for pdf-lib. */
export function hexColor(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Runs `draw` in display space of the page: (0, 0) is the bottom-left of the page as shown, units are points. */
export function inDisplaySpace(page: PDFPage, visible: Box, draw: (size: { width: number; height: number }) => void): void {
  const rotation = pageRotation(page);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...displayMatrix(visible, rotation)));
  try {
    draw(displaySize(visible, rotation));
  } finally {
    page.pushOperators(popGraphicsState());
  }
}

/**
 * The width of text as pdf-lib draws it. Its own measure subtracts kerning,
 * which drawText does not apply, so right-aligned or centred text would sit
 * off by that much.
 */
export function drawnWidth(font: PDFFont, text: string, size: number): number {
  let width = 0;
  for (const char of text) width += font.widthOfTextAtSize(char, size);
  return width;
}
