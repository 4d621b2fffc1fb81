/** svgcanvas ships no types: a canvas 2D context that records its drawing as SVG. */
declare module 'svgcanvas/dist/svgcanvas.esm.js' {
  export class Context {
    constructor(options: { width: number; height: number; document?: Document; ctx?: unknown });
    width: number;
    height: number;
    arc(x: number, y: number, radius: number, start: number, end: number, anticlockwise?: boolean): void;
    lineTo(x: number, y: number): void;
    getSerializedSvg(fixNamedEntities?: boolean): string;
    getSvg(): SVGSVGElement;
  }
}
