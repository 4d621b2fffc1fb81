/**
 * Reads one PDF page with pdf.js into what the Word document is built from:
 * styled text runs (filled form field values among them), links, images with
 * their drawn size, ruled and aligned tables, all in reading order.
 */
import { formFieldItems } from '../pdf/form-text';
import { loadPdfjs, type PDFPageProxy, type TextItem } from '../pdf/pdfjs';
import { bodySize, toFragments } from '../pdf/text-layout';
import { colourItems, walkOperators, type Box, type Ops } from './graphics';
import { pageImages, type EncodedImage } from './images';
import { linesOf, readingOrder, type Atom, type FlowItem, type WordFragment } from './layout';
import { usualLineGap } from '../pdf/text-grouping';
import { applyDecorations, applyLinks, cutFragment, type PageLink } from './runs';
import { alignedTable, ruledTables, type WordTable } from './tables';

/** An image with the size it is drawn at, in points. */
export interface WordImage {
  image: EncodedImage;
  width: number;
  height: number;
}

export type WordBlock = { kind: 'table'; table: WordTable } | { kind: 'image'; image: WordImage };

export interface WordPage {
  /** Page size in points. */
  width: number;
  height: number;
  /** Images covering most of the page (backgrounds, scans), which would hide every column gutter if they took part in the reading order. */
  backgrounds: WordImage[];
  flow: FlowItem<WordBlock>[];
  /** The measure of the page's body text (its usual left edge, its right edge), which centred lines are measured against. */
  textLeft: number;
  textRight: number;
  /** The page's usual distance between lines, which paragraph breaks are measured against. */
  lineGap: number;
  /** The size most of the page's text is set in, tables included, which headings are measured against. */
  bodySize: number;
}

/** An image drawn over more than this share of the page is a background. */
const BACKGROUND_SHARE = 0.5;

/** PDF font names behind pdf.js's font ids; pdf.js hands fonts over while building the operator list, which is done first. */
function fontNames(page: PDFPageProxy, items: TextItem[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of items) {
    if (names.has(item.fontName)) continue;
    try {
      names.set(item.fontName, (page.commonObjs.get(item.fontName) as { name?: string } | undefined)?.name ?? '');
    } catch {
      names.set(item.fontName, '');
    }
  }
  return names;
}

async function pageLinks(page: PDFPageProxy): Promise<PageLink[]> {
  const annotations = (await page.getAnnotations().catch(() => [])) as { subtype?: string; url?: string; rect?: number[] }[];
  return annotations.flatMap((a) => {
    if (a.subtype !== 'Link' || typeof a.url !== 'string' || !a.rect || a.rect.length < 4) return [];
    const [x0, y0, x1, y1] = a.rect as [number, number, number, number];
    return [{ url: a.url, rect: { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) } }];
  });
}

function area(b: Box): number {
  return Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
}

function isBackground(box: Box, page: Box): boolean {
  return area(box) > BACKGROUND_SHARE * area(page);
}

/** Reads a page for Word; null when it has no text layer and no filled fields, or is a scanned form (a picture with fields), which the caller may read with OCR instead. */
export async function readWordPage(page: PDFPageProxy): Promise<WordPage | null> {
  const { OPS } = await loadPdfjs();
  const list = await page.getOperatorList();
  const graphics = walkOperators(list.fnArray, list.argsArray, OPS as unknown as Ops);
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is TextItem => 'str' in item);
  const fonts = fontNames(page, items);
  const colours = colourItems(items, graphics.colours);
  const runs: WordFragment[] = [];
  let spaceBefore = false;
  items.forEach((item, i) => {
    // pdf.js marks a word space it found between two runs with an item of its own, which toFragments
    // drops; the space goes before the next run, since the runs may be closer than a space's width.
    if (item.str !== '' && item.str.trim() === '') spaceBefore = runs.length > 0;
    const spans = colours[i] ?? [{ start: 0, colour: '#000000' }];
    for (const f of toFragments([item])) {
      const run: WordFragment = { ...f, font: fonts.get(item.fontName) ?? '', colour: spans[0]!.colour, rtl: item.dir === 'rtl' };
      // One run per colour: pdf.js joins differently coloured text on a line into one item.
      const pieces = spans.length > 1 ? cutFragment(run, spans.slice(1).map((s) => s.start)) : [run];
      pieces.forEach((piece, j) => {
        const text = j === 0 && spaceBefore && !/^\s/.test(piece.text) ? ` ${piece.text}` : piece.text;
        runs.push({ ...piece, text, colour: spans[spans.length > 1 ? j : 0]!.colour });
      });
      spaceBefore = false;
    }
  });
  // Filled form fields read as text where they sit; a scanned form (a picture, no text layer) still goes to OCR.
  const fields = await formFieldItems(page, runs.length > 0);
  if (runs.length === 0 && (fields.length === 0 || graphics.images.length > 0)) return null;
  for (const f of toFragments(fields)) runs.push({ ...f, font: '', colour: '#000000' });
  const decorated = applyDecorations(runs, graphics.rules);
  const fragments = applyLinks(decorated.fragments, await pageLinks(page));

  const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
  const pageBox: Box = { x0: vx0, y0: vy0, x1: vx1, y1: vy1 };
  // A scan under an invisible OCR text layer: the text is what the page says, so the picture is left out.
  const scanWithTextLayer = graphics.visibleTextShows === 0 && graphics.invisibleTextShows > 0;
  const placements = graphics.images.filter(({ box }) => {
    // Off-page images are not seen in the PDF either.
    const onPage = box.x1 > pageBox.x0 && box.x0 < pageBox.x1 && box.y1 > pageBox.y0 && box.y0 < pageBox.y1;
    return onPage && !(scanWithTextLayer && isBackground(box, pageBox));
  });
  const encoded = await pageImages(page, placements);
  const backgrounds: WordImage[] = [];
  const atoms: Atom<WordBlock>[] = [];
  placements.forEach(({ box }, i) => {
    const image = encoded[i];
    if (!image) return;
    const word: WordImage = { image, width: box.x1 - box.x0, height: box.y1 - box.y0 };
    if (isBackground(box, pageBox)) backgrounds.push(word);
    else atoms.push({ box, value: { kind: 'image', image: word } });
  });
  const { tables, rest } = ruledTables(decorated.rules, fragments);
  for (const t of tables) atoms.push({ box: t.box, value: { kind: 'table', table: t.value } });
  const flow = readingOrder(rest, atoms, {
    asTable: (runsOfNode): Atom<WordBlock> | null => {
      const table = alignedTable(runsOfNode);
      return table ? { box: table.box, value: { kind: 'table', table: table.value } } : null;
    },
  });
  const lines = linesOf(fragments);
  const body = bodySize(lines);
  const bodyLines = lines.filter((l) => Math.abs(l.size - body) <= 0.15 * body);
  const starts = bodyLines.map((l) => l.x).sort((p, q) => p - q);
  const textLeft = starts[starts.length >> 1] ?? 0;
  const textRight = bodyLines.reduce((n, l) => Math.max(n, l.right), textLeft);
  return { lineGap: usualLineGap(lines), textLeft, textRight, width: vx1 - vx0, height: vy1 - vy0, backgrounds, flow, bodySize: body };
}
