import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { embedFonts } from '../fonts/embed';
import { findElement, parseHtml } from './parse';
import { drawSvg, hasDrawing, svgSize } from './svg';
import { parseColor, parseTransform, styleSheets } from './svg-style';
import { renderPage } from '../../../tests/fixtures/pdf-build/render';

/** Draws an SVG source on a page of its own size (1 px = 1 pt) and returns the PDF and the drawing's result. */
async function draw(source: string) {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc, ['regular']);
  const svg = findElement(parseHtml(source), 'svg')!;
  const { width, height } = svgSize(svg);
  const page = doc.addPage([width, height]);
  const result = await drawSvg(svg, styleSheets(source), { page, x: 0, top: height, width, height }, { fonts, missing: new Set(), embedImage: async () => null });
  return { bytes: await doc.save(), result };
}

describe('svg style', () => {
  it('composes a transform list so the first listed applies last', () => {
    const m = parseTransform('translate(10 20) scale(2)')!;
    // The point (1, 1): scaled to (2, 2), then moved to (12, 22).
    expect([1 * m[0] + 1 * m[2] + m[4], 1 * m[1] + 1 * m[3] + m[5]]).toEqual([12, 22]);
    expect(parseTransform('rotate(90 10 10)')!/* -0 and 0 alike */.map((n) => Math.round(n * 1000) / 1000 + 0)).toEqual([0, 1, -1, 0, 20, 0]);
  });

  it('reads hex, rgb() and named colours', () => {
    expect(parseColor('#f00')).toEqual([255, 0, 0]);
    expect(parseColor('rgb(13.7%, 50%, 100%)')!.map(Math.round)).toEqual([35, 128, 255]);
    expect(parseColor('Navy')).toEqual([0, 0, 128]);
    expect(parseColor('none')).toBeNull();
  });
});

describe('drawSvg', () => {
  it('places shapes through nested transforms, class rules and gradients (drawn in their middle stop)', async () => {
    const { bytes, result } = await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <style>.blue { fill: #0000ff }</style>
      <defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#00ff00"/><stop offset="1" stop-color="#ff0000"/></linearGradient></defs>
      <g transform="translate(50 0)"><rect class="blue" width="50" height="50"/></g>
      <rect y="50" width="50" height="50" fill="url(#g)"/>
    </svg>`);
    expect(result).toEqual({ drawn: 2, imagesLeftOut: 0, truncated: false });
    const page = await renderPage(bytes, 0, 1);
    expect(page.at(0.75, 0.25)).toEqual([0, 0, 255, 255]);
    expect(page.at(0.25, 0.75)).toEqual([0, 255, 0, 255]);
    expect(page.at(0.25, 0.25)).toEqual([255, 255, 255, 255]);
    expect(page.at(0.75, 0.75)).toEqual([255, 255, 255, 255]);
  });

  it('stops a drawing that <use> multiplies past the element budget, and says so', async () => {
    // Each level uses the one below ten times: 10^8 shapes if drawn in full.
    const levels = Array.from({ length: 8 }, (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`).join('');
    const started = Date.now();
    const { result } = await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="l0" width="1" height="1"/>${levels}</defs><use href="#l8"/></svg>`);
    expect(result.truncated).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('tells a blank page (a title only) from a drawing', () => {
    const svg = (body: string) => findElement(parseHtml(`<svg viewBox="0 0 10 20">${body}</svg>`), 'svg')!;
    expect(hasDrawing(svg('<title>Page 8</title><desc>blank</desc>'))).toBe(false);
    expect(hasDrawing(svg('<g><path d="M0 0 L1 1"/></g>'))).toBe(true);
    expect(svgSize(svg(''))).toEqual({ width: 10, height: 20 });
  });
});
