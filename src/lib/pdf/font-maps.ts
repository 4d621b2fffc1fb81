/**
 * The per-glyph tables of a CID font that sit beside its font program: the
 * widths array (/W) and the ToUnicode CMap. Once a font is subset, entries
 * for codes the document never shows only take space, so both are rebuilt
 * with the shown codes alone. Anything not understood is left as it is.
 */
import { PDFArray, PDFNumber, type PDFContext } from 'pdf-lib';
import { tokenizeContent, type Operand } from './content-tokens';

/** Widths by CID from a /W array; null when the array has an unexpected shape. */
export function readWidths(w: PDFArray): Map<number, number> | null {
  const widths = new Map<number, number>();
  const items = w.asArray().map((_, i) => w.lookup(i));
  let i = 0;
  while (i < items.length) {
    const first = items[i];
    const next = items[i + 1];
    if (!(first instanceof PDFNumber)) return null;
    if (next instanceof PDFArray) {
      next.asArray().forEach((_, k) => {
        const value = next.lookup(k);
        if (value instanceof PDFNumber) widths.set(first.asNumber() + k, value.asNumber());
      });
      i += 2;
    } else if (next instanceof PDFNumber && items[i + 2] instanceof PDFNumber) {
      const last = next.asNumber();
      // A range wider than any font (65 536 CIDs) is malformed.
      if (last - first.asNumber() > 65_535) return null;
      for (let cid = first.asNumber(); cid <= last; cid++) widths.set(cid, (items[i + 2] as PDFNumber).asNumber());
      i += 3;
    } else return null;
  }
  return widths;
}

/** A /W array with only the given CIDs (runs of consecutive CIDs share one entry); null when /W cannot be read. */
export function trimWidths(context: PDFContext, w: PDFArray, cids: Set<number>): PDFArray | null {
  const widths = readWidths(w);
  if (!widths) return null;
  const used = [...cids].filter((cid) => widths.has(cid)).sort((a, b) => a - b);
  const out: (number | number[])[] = [];
  for (let k = 0; k < used.length; ) {
    const start = used[k];
    const run: number[] = [];
    while (k < used.length && used[k] === start + run.length) run.push(widths.get(used[k++])!);
    out.push(start, run);
  }
  return context.obj(out);
}

const toCode = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();

/** Unicode (as UTF-16BE bytes) by two-byte code from a ToUnicode CMap; null for a CMap this does not read. */
function readToUnicode(cmap: Uint8Array): { map: Map<number, Uint8Array>; codespace: string[] } | null {
  const map = new Map<number, Uint8Array>();
  const codespace: string[] = [];
  let ok = true;
  tokenizeContent(cmap, (operator, operands) => {
    if (operator === 'usecmap') ok = false;
    else if (operator === 'endcodespacerange') {
      for (let i = 0; i + 1 < operands.length; i += 2) {
        const [low, high] = [operands[i], operands[i + 1]];
        if (!(low instanceof Uint8Array) || !(high instanceof Uint8Array) || low.length !== 2) ok = false;
        else codespace.push(`<${hex(low)}> <${hex(high)}>`);
      }
    } else if (operator === 'endbfchar') {
      for (let i = 0; i + 1 < operands.length; i += 2) {
        const [source, target] = [operands[i], operands[i + 1]];
        if (!(source instanceof Uint8Array) || !(target instanceof Uint8Array) || source.length !== 2) ok = false;
        else map.set(toCode(source), target);
      }
    } else if (operator === 'endbfrange') {
      for (let i = 0; i + 2 < operands.length; i += 3) {
        const [low, high, target] = [operands[i], operands[i + 1], operands[i + 2]] as Operand[];
        if (!(low instanceof Uint8Array) || !(high instanceof Uint8Array) || low.length !== 2 || high.length !== 2) {
          ok = false;
          continue;
        }
        for (let code = toCode(low); code <= toCode(high); code++) {
          const offset = code - toCode(low);
          if (Array.isArray(target)) {
            const item = target[offset];
            if (item instanceof Uint8Array) map.set(code, item);
          } else if (target instanceof Uint8Array && target.length > 0) {
            // Consecutive codes map to consecutive values: the last byte counts up.
            const value = target.slice();
            value[value.length - 1] += offset;
            map.set(code, value);
          } else ok = false;
        }
      }
    }
  });
  return ok && codespace.length > 0 ? { map, codespace } : null;
}

/** A ToUnicode CMap with only the given two-byte codes; null when the CMap cannot be read. */
export function trimToUnicode(cmap: Uint8Array, codes: Set<number>): Uint8Array | null {
  const parsed = readToUnicode(cmap);
  if (!parsed) return null;
  const entries = [...codes].filter((code) => parsed.map.has(code)).sort((a, b) => a - b);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    `${parsed.codespace.length} begincodespacerange`,
    ...parsed.codespace,
    'endcodespacerange',
  ];
  // The CMap format allows at most 100 entries per block.
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    lines.push(`${block.length} beginbfchar`);
    for (const code of block) lines.push(`<${code.toString(16).padStart(4, '0').toUpperCase()}> <${hex(parsed.map.get(code)!)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return new TextEncoder().encode(lines.join('\n') + '\n');
}
