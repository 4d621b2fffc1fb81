/**
 * The size every chart is drawn at: the page's preview canvas, the PNG and the
 * SVG. Its own module, so the page can size its canvas without loading Chart.js.
 */
export const CHART_WIDTH = 960;
export const CHART_HEIGHT = 600;
