/**
 * Reading an EPS file's PostScript section and bounding box before anything
 * renders it, so its pixel size at a resolution can be checked first.
 */

/** The PostScript of an EPS: the whole file, or the section a DOS EPS binary header points to. */
export function postscriptOf(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] === 0xc5 && bytes[1] === 0xd0 && bytes[2] === 0xd3 && bytes[3] === 0xc6) {
    if (bytes.length < 30) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const start = view.getUint32(4, true);
    const length = view.getUint32(8, true);
    if (start + length > bytes.length || length === 0) return null;
    return bytes.subarray(start, start + length);
  }
  return bytes;
}

const BOX = /^%%(HiRes)?BoundingBox:[ \t]*(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)/gm;

/** The bounding box in points, from the DSC comments at the start (or, for "(atend)", the end). */
export function epsBoundingBox(postscript: Uint8Array): { width: number; height: number } | null {
  const latin1 = (part: Uint8Array) => new TextDecoder('latin1').decode(part);
  const head = latin1(postscript.subarray(0, 65536));
  const tail = postscript.length > 65536 ? latin1(postscript.subarray(postscript.length - 65536)) : '';
  let best: { width: number; height: number; hires: boolean } | null = null;
  for (const text of [head, tail]) {
    for (const m of text.matchAll(BOX)) {
      const [llx, lly, urx, ury] = [m[2], m[3], m[4], m[5]].map(Number);
      const box = { width: urx - llx, height: ury - lly, hires: !!m[1] };
      if (!(box.width > 0 && box.height > 0)) continue;
      if (!best || (box.hires && !best.hires)) best = box;
    }
    if (best) break;
  }
  return best && { width: best.width, height: best.height };
}

/** Pixel size of the rendered bounding box at `dpi`. */
export function epsPixelSize(postscript: Uint8Array, dpi: number): { width: number; height: number; frames: number } | null {
  const box = epsBoundingBox(postscript);
  if (!box) return null;
  // Rounded as Ghostscript rounds the cropped page.
  return { width: Math.max(1, Math.round((box.width * dpi) / 72)), height: Math.max(1, Math.round((box.height * dpi) / 72)), frames: 1 };
}
