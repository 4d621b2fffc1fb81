import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { cleanText, PdfFlow } from './layout';
import { embedFonts } from '../fonts/embed';

async function flow() {
  const doc = await PDFDocument.create();
  return new PdfFlow(doc, await embedFonts(doc, ['regular', 'bold']), { pageSize: [300, 200], margin: 20 });
}

describe('PdfFlow', () => {
  it('wraps runs into lines no wider than the width, keeping every word', async () => {
    const f = await flow();
    const text = 'The quick brown fox jumps over the lazy dog again and again';
    const lines = f.wrap([{ text: text.slice(0, 20) }, { text: text.slice(20), bold: true }], 12, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.reduce((sum, piece) => sum + piece.width, 0)).toBeLessThanOrEqual(120.001);
    expect(lines.map((line) => line.map((p) => p.text).join('')).join(' ')).toBe(text);
  });

  it('breaks words longer than a line and honours explicit line breaks', async () => {
    const f = await flow();
    const lines = f.wrap([{ text: 'a\n\n' + 'W'.repeat(60) }], 12, 100);
    expect(lines[0].map((p) => p.text).join('')).toBe('a');
    expect(lines[1]).toEqual([]);
    expect(lines.slice(2).map((line) => line.map((p) => p.text).join('')).join('')).toBe('W'.repeat(60));
  });

  it('adds pages as paragraphs run past the bottom margin', async () => {
    const f = await flow();
    for (let i = 0; i < 30; i++) f.paragraph([{ text: `Paragraph ${i}` }], { size: 12 });
    expect(f.doc.getPageCount()).toBeGreaterThan(3);
  });

  it('cleans control characters and tabs', () => {
    expect(cleanText('a\tb\r\nc\u0000\u00ad')).toBe('a    b\nc');
  });
});
