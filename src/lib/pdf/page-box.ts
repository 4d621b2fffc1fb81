/**
 * Page geometry shared by the tools that place things on a page as the
 * visitor sees it (crop, edit, sign): the visible box and the /Rotate mapping.
 */
import type { PDFPage } from 'pdf-lib';

export interface CropFraction {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Maps a box drawn on the displayed page (fractions from the top-left, after
 * the page's clockwise /Rotate) to PDF user space inside the visible box.
 */
export function cropToUserSpace(visible: Box, rotation: number, crop: CropFraction): Box {
  // (u, v) runs right and down on screen; (s, t) runs along user-space x and y of the unrotated page.
  const toPage = (u: number, v: number): [number, number] => {
    if (rotation === 90) return [v, u];
    if (rotation === 180) return [1 - u, v];
    if (rotation === 270) return [1 - v, 1 - u];
    return [u, 1 - v];
  };
  const [sa, ta] = toPage(crop.x, crop.y);
  const [sb, tb] = toPage(crop.x + crop.width, crop.y + crop.height);
  const [s0, s1, t0, t1] = [Math.min(sa, sb), Math.max(sa, sb), Math.min(ta, tb), Math.max(ta, tb)];
  return { x: visible.x + s0 * visible.width, y: visible.y + t0 * visible.height, width: (s1 - s0) * visible.width, height: (t1 - t0) * visible.height };
}

/** The page's /Rotate as 0, 90, 180 or 270. */
export function pageRotation(page: PDFPage): number {
  const quarter = Math.round(page.getRotation().angle / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

/** The part of the page a viewer shows: the CropBox clipped to the MediaBox, with corners in order. Repairs an empty MediaBox. */
export function visibleBox(page: PDFPage): Box {
  const norm = (b: Box) => ({ x0: Math.min(b.x, b.x + b.width), y0: Math.min(b.y, b.y + b.height), x1: Math.max(b.x, b.x + b.width), y1: Math.max(b.y, b.y + b.height) });
  let media = norm(page.getMediaBox());
  // Readers show a page with an empty MediaBox as US Letter; crop it as they show it.
  if (media.x1 - media.x0 < 1 || media.y1 - media.y0 < 1) {
    page.setMediaBox(0, 0, 612, 792);
    media = { x0: 0, y0: 0, x1: 612, y1: 792 };
  }
  const crop = norm(page.getCropBox());
  const x0 = Math.max(media.x0, crop.x0);
  const y0 = Math.max(media.y0, crop.y0);
  const x1 = Math.min(media.x1, crop.x1);
  const y1 = Math.min(media.y1, crop.y1);
  // A CropBox entirely outside the MediaBox is broken; fall back to the MediaBox.
  if (x1 <= x0 || y1 <= y0) return { x: media.x0, y: media.y0, width: media.x1 - media.x0, height: media.y1 - media.y0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
