import { PDFDocument, StandardFonts, clip, endPath, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { napiBackend, readPixels } from '../../../tests/fixtures/pdf-text/napi-backend';
import { openPdfjs } from './pdfjs';
import { renderPageWithTextRuns, type RunsRender } from './text-runs-render';

async function renderFirstPage(pdf: Uint8Array): Promise<RunsRender> {
  const opened = await openPdfjs(pdf, 'in.pdf');
  try {
    return await renderPageWithTextRuns(await opened.doc.getPage(1), { dpi: 144, quality: 0.95, backend: napiBackend });
  } finally {
    await opened.destroy();
  }
}

describe('renderPageWithTextRuns', () => {
  it('reports each drawn run where pdf.js draws it, and leaves clipped, off-page and form-field text as the page shows it', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([400, 300]);
    page.drawText('Visible heading', { x: 50, y: 250, size: 20, font });
    page.drawText('Beyond the page', { x: -400, y: 100, size: 12, font });
    // Clipped to a 10 pt square far from the text: nothing of it shows.
    page.pushOperators(pushGraphicsState(), rectangle(0, 0, 10, 10), clip(), endPath());
    page.drawText('Clipped away', { x: 200, y: 150, size: 12, font });
    page.pushOperators(popGraphicsState());
    const field = doc.getForm().createTextField('name');
    field.setText('Filled value');
    field.addToPage(page, { x: 50, y: 30, width: 200, height: 30, font });
    const render = await renderFirstPage(await doc.save());

    expect(render.runs.map((r) => [r.text, r.painted])).toEqual([
      ['Visible heading', false],
      ['Clipped away', true],
    ]);
    const heading = render.runs[0]!;
    // 144 DPI is 2 px per point; the baseline is 250 pt up a 300 pt page.
    expect(heading.x).toBeCloseTo(100, 0);
    expect(heading.y).toBeCloseTo(100, 0);
    expect(heading.size).toBeCloseTo(40, 1);
    expect([heading.dx, heading.dy]).toEqual([1, 0]);
    expect(Math.abs(heading.advance - 2 * font.widthOfTextAtSize('Visible heading', 20))).toBeLessThan(2);
    expect(heading.fontName).toMatch(/Helvetica/);
    expect(heading.color).toBe('000000');

    const picture = await readPixels(render.bytes);
    const darkest = (x0: number, y0: number, x1: number, y1: number) => {
      let min = 255;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) min = Math.min(min, picture.luma(x, y));
      return min;
    };
    // The heading is not painted; the form field's value (an annotation) is.
    expect(darkest(100, 60, 500, 110)).toBeGreaterThan(230);
    expect(darkest(100, 480, 500, 540)).toBeLessThan(100);
  });
});
