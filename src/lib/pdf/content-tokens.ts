/**
 * The one content-stream tokenizer of the PDF code: operator names with their
 * operands (names, numbers, strings as bytes, arrays). Dictionaries and
 * booleans are kept only as placeholders; inline image data (BI ... ID ... EI)
 * is skipped, since its bytes are not tokens. Font subsetting reads the text it
 * shows, drawn-size.ts the matrices images are drawn with, and hidden-content.ts
 * the byte span of each operator, to cut a few out and leave the rest as it was.
 */

export type Operand = string | number | Uint8Array | Operand[] | null;

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);
const isRegular = (ch: number) => !WHITESPACE.has(ch) && !DELIMITERS.has(ch);

function hexValue(ch: number): number {
  if (ch >= 48 && ch <= 57) return ch - 48;
  if (ch >= 65 && ch <= 70) return ch - 55;
  if (ch >= 97 && ch <= 102) return ch - 87;
  return -1;
}

const MAX_WORD = 256;
const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12, 40: 40, 41: 41, 92: 92 };

/**
 * Calls `onOperator` with each operator and its operands. Names are given
 * without the slash; strings as their bytes; arrays as arrays. `start` and
 * `end` are the byte span from the first operand (or the operator) to the end
 * of the operator. An inline image is given to `onInlineImage` as the span
 * from its BI to the end of its EI, after BI itself went to `onOperator`.
 */
export function tokenizeContent(
  bytes: Uint8Array,
  onOperator: (operator: string, operands: Operand[], start: number, end: number) => void,
  onInlineImage?: (start: number, end: number) => void,
): void {
  const n = bytes.length;
  let i = 0;
  const stack: Operand[][] = [[]];
  const top = () => stack[stack.length - 1];
  /** Where the operands of the next operator began; -1 before the first. */
  let start = -1;
  let inlineStart = -1;
  while (i < n) {
    const ch = bytes[i];
    if (!WHITESPACE.has(ch) && ch !== 37 && start < 0) start = i;
    if (WHITESPACE.has(ch)) {
      i++;
    } else if (ch === 37) {
      while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
    } else if (ch === 40) {
      const out: number[] = [];
      let depth = 1;
      i++;
      while (i < n) {
        const c = bytes[i];
        if (c === 92) {
          const next = bytes[i + 1];
          if (next >= 48 && next <= 55) {
            let value = 0;
            let digits = 0;
            i++;
            while (digits < 3 && bytes[i] >= 48 && bytes[i] <= 55) {
              value = value * 8 + bytes[i] - 48;
              i++;
              digits++;
            }
            out.push(value & 255);
            continue;
          }
          if (next === 13 || next === 10) {
            // A line continuation: backslash and end of line are not part of the string.
            i += next === 13 && bytes[i + 2] === 10 ? 3 : 2;
            continue;
          }
          out.push(ESCAPES[next] ?? next);
          i += 2;
          continue;
        }
        if (c === 40) depth++;
        else if (c === 41 && --depth === 0) break;
        out.push(c);
        i++;
      }
      i++;
      top().push(new Uint8Array(out));
    } else if (ch === 60 && bytes[i + 1] === 60) {
      // Dictionaries (inline image parameters, marked-content properties) carry nothing needed here.
      let depth = 0;
      while (i < n) {
        if (bytes[i] === 60 && bytes[i + 1] === 60) {
          depth++;
          i += 2;
        } else if (bytes[i] === 62 && bytes[i + 1] === 62) {
          i += 2;
          if (--depth === 0) break;
        } else if (bytes[i] === 40) {
          // A string inside the dictionary may hold ">>".
          let d = 0;
          for (; i < n; i++) {
            if (bytes[i] === 92) i++;
            else if (bytes[i] === 40) d++;
            else if (bytes[i] === 41 && --d === 0) break;
          }
          i++;
        } else i++;
      }
      top().push(null);
    } else if (ch === 60) {
      const out: number[] = [];
      let high = -1;
      i++;
      while (i < n && bytes[i] !== 62) {
        const v = hexValue(bytes[i++]);
        if (v < 0) continue;
        if (high < 0) high = v;
        else {
          out.push(high * 16 + v);
          high = -1;
        }
      }
      if (high >= 0) out.push(high * 16);
      i++;
      top().push(new Uint8Array(out));
    } else if (ch === 91) {
      stack.push([]);
      i++;
    } else if (ch === 93) {
      i++;
      if (stack.length > 1) {
        const array = stack.pop()!;
        top().push(array);
      }
    } else if (ch === 47) {
      let j = i + 1;
      while (j < n && isRegular(bytes[j])) j++;
      top().push(j - i > MAX_WORD ? null : String.fromCharCode(...bytes.subarray(i + 1, j)));
      i = j;
    } else if (DELIMITERS.has(ch)) {
      // A stray ')', '>', '{' or '}'.
      i++;
    } else {
      let j = i;
      while (j < n && isRegular(bytes[j])) j++;
      // Operators and names are short; a run of thousands of bytes is damaged data, kept as a placeholder.
      const word = j - i > MAX_WORD ? '0' : String.fromCharCode(...bytes.subarray(i, j));
      i = j;
      if (/^[+\-.\d]/.test(word)) {
        const value = Number(word);
        top().push(Number.isFinite(value) ? value : null);
      } else if (word === 'true' || word === 'false' || word === 'null') {
        top().push(null);
      } else if (word === 'ID') {
        // Inline image data runs to whitespace, EI, and whitespace (or the end).
        i++;
        while (i < n && !(WHITESPACE.has(bytes[i - 1]) && bytes[i] === 69 && bytes[i + 1] === 73 && (i + 2 >= n || WHITESPACE.has(bytes[i + 2])))) i++;
        i += 2;
        stack.length = 1;
        stack[0] = [];
        if (inlineStart >= 0) onInlineImage?.(inlineStart, Math.min(i, n));
        inlineStart = -1;
        start = -1;
      } else {
        // An operator inside an unclosed array ends the array (malformed content).
        while (stack.length > 1) {
          const array = stack.pop()!;
          top().push(array);
        }
        if (word === 'BI') inlineStart = start;
        onOperator(word, stack[0], start, i);
        stack[0] = [];
        start = -1;
      }
    }
  }
}
