/**
 * The first fill of the coarsest level, grown from the hole's edge inwards
 * (Criminisi-style exemplar filling, by exhaustive search since the level is
 * tiny): each ring of hole pixels takes the centre of the source patch that
 * best matches the pixels already known around it. A smooth first guess (the
 * edge colours averaged inwards) would let the later search settle on a flat
 * patch of average colour; this one continues the structures around the hole.
 */
import { CH as CHANNELS, type Level } from './inpaint-level';
import { R, type Field } from './inpaint-patchmatch';

/** A plain module constant: an imported binding is read through a getter in some module loaders, which the hot loops would pay for. */
const CH = CHANNELS;

export function growFill(level: Level, field: Field): void {
  const { width, height, data, hole } = level;
  const { validList } = field;
  const known = Uint8Array.from(hole, (h) => (h ? 0 : 1));
  let ring = edgeRing(known, width, height);
  while (ring.length) {
    for (const q of ring) {
      const qx = q % width;
      const qy = (q - qx) / width;
      // Only the offsets that land on known pixels inside the level count.
      const offsets: number[] = [];
      for (let dy = -R; dy <= R; dy++)
        for (let dx = -R; dx <= R; dx++) {
          const x = qx + dx;
          const y = qy + dy;
          if (x >= 0 && y >= 0 && x < width && y < height && known[y * width + x]) offsets.push(dy * width + dx);
        }
      let best = Infinity;
      let match = validList[0];
      for (const s of validList) {
        let d = 0;
        for (const o of offsets) {
          const a = (q + o) * CH;
          const b = (s + o) * CH;
          for (let c = 0; c < CH; c++) {
            const v = data[a + c] - data[b + c];
            d += v * v;
          }
          if (d >= best) break;
        }
        if (d < best) {
          best = d;
          match = s;
        }
      }
      for (let c = 0; c < CH; c++) data[q * CH + c] = data[match * CH + c];
      // The match also starts the search there.
      if (isTarget(q, width, height)) field.nnf[q] = match;
    }
    for (const q of ring) known[q] = 1;
    ring = edgeRing(known, width, height);
  }
}

/** Unknown pixels with a known 4-neighbour. */
function edgeRing(known: Uint8Array, width: number, height: number): number[] {
  const ring: number[] = [];
  for (let i = 0; i < known.length; i++) {
    if (known[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if ((x > 0 && known[i - 1]) || (x < width - 1 && known[i + 1]) || (y > 0 && known[i - width]) || (y < height - 1 && known[i + width])) ring.push(i);
  }
  return ring;
}

function isTarget(q: number, width: number, height: number): boolean {
  const x = q % width;
  const y = (q - x) / width;
  return x >= R && y >= R && x < width - R && y < height - R;
}
