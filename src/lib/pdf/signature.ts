/**
 * Stamping a signature (a picture or typed text) into a box the visitor drew
 * on the page as displayed. A viewer shows the page turned by its /Rotate and
 * cut to its visible box, so the box is mapped back to user space and the
 * stamp is turned with the page, to read upright on screen.
 */
import { degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { ToolError } from '../errors';
import { runText } from '../i18n/run-messages';

/** A box on the displayed page: fractions 0..1 of its visible box from the top-left; page is 0-based. */
export interface Placement {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box in user space: (x, y) is the corner shown bottom-left, the box's
 * own axes are turned `rotation` degrees anticlockwise, and width and height
 * are in points as displayed.
 */
export interface Frame {
  x: number;
  y: number;
  rotation: number;
  width: number;
  height: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Maps a placement on the displayed page (clockwise /Rotate `rotation`, visible box `visible`) to a frame in user space. */
export function placementFrame(visible: Box, rotation: number, p: Placement): Frame {
  // (u, v) runs right and down on screen; (s, t) along user-space x and y of the unrotated visible box.
  const toPage = (u: number, v: number): [number, number] => {
    if (rotation === 90) return [v, u];
    if (rotation === 180) return [1 - u, v];
    if (rotation === 270) return [1 - v, 1 - u];
    return [u, 1 - v];
  };
  const [s, t] = toPage(p.x, p.y + p.height);
  const sideways = rotation === 90 || rotation === 270;
  const shownWidth = sideways ? visible.height : visible.width;
  const shownHeight = sideways ? visible.width : visible.height;
  return {
    x: visible.x + s * visible.width,
    y: visible.y + t * visible.height,
    rotation,
    width: p.width * shownWidth,
    height: p.height * shownHeight,
  };
}

/** The user-space point at (dx right, dy up) from the frame's bottom-left corner, as displayed. */
export function framePoint(frame: Frame, dx: number, dy: number): { x: number; y: number } {
  const [ox, oy] = frame.rotation === 90 ? [-dy, dx] : frame.rotation === 180 ? [-dx, -dy] : frame.rotation === 270 ? [dy, -dx] : [dx, dy];
  return { x: frame.x + ox, y: frame.y + oy };
}

/** A part of the frame: `from` and `to` are fractions of its height from the bottom. */
export function frameBand(frame: Frame, from: number, to: number): Frame {
  const corner = framePoint(frame, 0, frame.height * from);
  return { ...frame, ...corner, height: frame.height * (to - from) };
}

/** Draws the picture as large as fits in the frame, keeping its proportions, centred. */
export function drawPictureIn(page: PDFPage, image: PDFImage, frame: Frame): void {
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const at = framePoint(frame, (frame.width - width) / 2, (frame.height - height) / 2);
  page.drawImage(image, { ...at, width, height, rotate: degrees(frame.rotation) });
}

const INK = rgb(0.06, 0.12, 0.45);

/** Draws one line of text as large as fits in the frame, centred. */
export function drawTextIn(page: PDFPage, text: string, font: PDFFont, frame: Frame, color = INK): void {
  const full = font.heightAtSize(1);
  const descent = full - font.heightAtSize(1, { descender: false });
  const size = Math.max(1, 0.95 * Math.min(frame.height / full, frame.width / Math.max(font.widthOfTextAtSize(text, 1), 0.01)));
  const dx = (frame.width - font.widthOfTextAtSize(text, size)) / 2;
  const dy = (frame.height - full * size) / 2 + descent * size;
  page.drawText(text, { ...framePoint(frame, dx, dy), size, font, color, rotate: degrees(frame.rotation) });
}

/** Throws when the font has no glyph for some character of the text, naming them. */
export function assertFontCovers(font: PDFFont, text: string, what: string): void {
  const known = new Set(font.getCharacterSet());
  const missing = [...new Set([...text].filter((c) => !known.has(c.codePointAt(0)!)))];
  if (missing.length) {
    throw new ToolError(
      runText('run.signature.missingGlyphs', { what, characters: missing.slice(0, 5).join(' ') }),
    );
  }
}
