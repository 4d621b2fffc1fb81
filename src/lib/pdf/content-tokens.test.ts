import { describe, expect, it } from 'vitest';
import { tokenizeContent, type Operand } from './content-tokens';

function operators(text: string | Uint8Array): [string, Operand[]][] {
  const out: [string, Operand[]][] = [];
  tokenizeContent(typeof text === 'string' ? new TextEncoder().encode(text) : text, (operator, operands) => out.push([operator, operands]));
  return out;
}

const bytes = (...values: number[]) => new Uint8Array(values);

describe('tokenizeContent', () => {
  it('gives names, literal and hex strings (with escapes) and arrays to their operator', () => {
    expect(operators('BT /F1 12 Tf (a\\(b\\)\\101\\n) Tj [<0041> -20 (c)] TJ ET')).toEqual([
      ['BT', []],
      ['Tf', ['F1', 12]],
      ['Tj', [bytes(97, 40, 98, 41, 65, 10)]],
      ['TJ', [[bytes(0, 0x41), -20, bytes(99)]]],
      ['ET', []],
    ]);
  });

  it('skips inline image data, even when it holds bytes that look like operators', () => {
    const data = new TextEncoder().encode('q BI /W 2 /H 1 /BPC 8 /CS /G ID ');
    const image = bytes(0x28, 0x54, 0x6a); // "(Tj" inside the image samples
    const rest = new TextEncoder().encode('\nEI Q /F2 9 Tf <0102> Tj');
    const all = new Uint8Array([...data, ...image, ...rest]);
    expect(operators(all).map(([operator]) => operator)).toEqual(['q', 'BI', 'Q', 'Tf', 'Tj']);
    expect(operators(all).at(-1)).toEqual(['Tj', [bytes(1, 2)]]);
  });

  it('ignores dictionaries, including one holding ">>" in a string', () => {
    expect(operators('/Span << /ActualText (a>>b) /N << /X 1 >> >> BDC (z) Tj EMC')).toEqual([
      ['BDC', ['Span', null]],
      ['Tj', [bytes(122)]],
      ['EMC', []],
    ]);
  });

  it('gives each operator the byte span from its first operand to its end, and each inline image its span', () => {
    const text = 'q  /F1 12 Tf\n(a b) Tj BI /W 1 /H 1 ID \x00 EI Q';
    const spans: string[] = [];
    const images: string[] = [];
    tokenizeContent(
      new TextEncoder().encode(text),
      (operator, _operands, start, end) => spans.push(`${operator}:${text.slice(start, end)}`),
      (start, end) => images.push(text.slice(start, end)),
    );
    expect(spans).toEqual(['q:q', 'Tf:/F1 12 Tf', 'Tj:(a b) Tj', 'BI:BI', 'Q:Q']);
    expect(images).toEqual(['BI /W 1 /H 1 ID \x00 EI']);
  });
});
