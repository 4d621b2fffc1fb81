/**
 * PDF to PowerPoint draws each slide picture and finds its text boxes in one
 * render: these tests check that every word pdf.js reads in the input is in
 * the slides once (as a multiset), that the picture under an opaque text box
 * shows only what lies behind the text, and that graphics stay.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { strFromU8, unzipSync } from 'fflate';
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  rgb,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  StandardFonts,
  TextRenderingMode,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { twoToneJpeg } from '../../tests/fixtures/pdf-build/images';
import { itJudgedBy, judgeCommand } from '../../tests/support/judges';
import { napiBackend } from '../../tests/fixtures/pdf-text/napi-backend';
import { pdfjsPageWords, slideWords, slideXmls, wordDifference } from '../../tests/fixtures/pdf-text/pptx-words';
import { convertPdfToPowerpoint } from './pdf-to-powerpoint';

const EMU_PER_INCH = 914400;
const DPI = 150;

interface SlideBox {
  /** Picture pixels (the tests' first pages fill their slides). */
  x: number;
  y: number;
  w: number;
  h: number;
  rotate: number;
  text: string;
  /** Text that is in the box but not drawn (alpha 0). */
  transparent: boolean;
  colors: string[];
}

function boxesOf(xml: string): SlideBox[] {
  const px = (emu: string) => (Number(emu) / EMU_PER_INCH) * DPI;
  return (xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? [])
    .filter((sp) => sp.includes('<a:t>'))
    .map((sp) => {
      const off = /<a:off x="(-?\d+)" y="(-?\d+)"\/>/.exec(sp)!;
      const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp)!;
      const rot = /<a:xfrm[^>]*rot="(\d+)"/.exec(sp);
      return {
        x: px(off[1]!),
        y: px(off[2]!),
        w: px(ext[1]!),
        h: px(ext[2]!),
        rotate: rot ? Number(rot[1]) / 60000 : 0,
        text: [...sp.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(''),
        transparent: /<a:alpha val="0"\/>/.test(sp),
        colors: [...sp.matchAll(/<a:rPr[\s\S]*?<a:srgbClr val="([0-9A-Fa-f]{6})"/g)].map((m) => m[1]!.toUpperCase()),
      };
    });
}

interface Pixels {
  width: number;
  height: number;
  rgb(x: number, y: number): [number, number, number];
}

async function pixelsOf(bytes: Uint8Array): Promise<Pixels> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    rgb(x, y) {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

function distance(p: [number, number, number], q: [number, number, number]): number {
  return Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]), Math.abs(p[2] - q[2]));
}

/** The largest colour distance from `color` inside a box, a pixel inset from its edges. */
function worstInside(pixels: Pixels, box: { x: number; y: number; w: number; h: number }, color: [number, number, number]): number {
  let worst = 0;
  for (let y = Math.ceil(box.y) + 1; y < Math.floor(box.y + box.h) - 1; y++) {
    for (let x = Math.ceil(box.x) + 1; x < Math.floor(box.x + box.w) - 1; x++) worst = Math.max(worst, distance(pixels.rgb(x, y), color));
  }
  return worst;
}

async function convert(pdf: Uint8Array) {
  const [out] = await convertPdfToPowerpoint([{ name: 'in.pdf', type: 'application/pdf', bytes: pdf }], { signal: new AbortController().signal, onProgress: () => {} }, napiBackend);
  const files = unzipSync(out!.bytes);
  const xmls = slideXmls(out!.bytes);
  const pictures = await Promise.all(
    xmls.map((_, i) => {
      const rels = strFromU8(files[`ppt/slides/_rels/slide${i + 1}.xml.rels`]!);
      return pixelsOf(files[`ppt/media/${/Target="\.\.\/media\/([^"]+)"/.exec(rels)![1]!}`]!);
    }),
  );
  return { pptx: out!.bytes, xmls, pictures };
}

async function expectSameWords(pdf: Uint8Array, xmls: string[]) {
  const expected = await pdfjsPageWords(pdf);
  expect(expected.flat().length).toBeGreaterThan(0);
  expect(xmls.map(slideWords).map((words, i) => wordDifference(expected[i]!, words))).toEqual(expected.map(() => ({ missing: [], extra: [] })));
}

/** A tool's renderer of the original page (text included), as a control that the pixel checks can see text. */
async function originalPicture(pdf: Uint8Array): Promise<Pixels> {
  const { openPdfjs } = await import('../lib/pdf/pdfjs');
  const { renderPageToJpeg } = await import('../lib/pdf/render');
  const opened = await openPdfjs(pdf, 'in.pdf');
  try {
    const page = await opened.doc.getPage(1);
    return pixelsOf((await renderPageToJpeg(page, { dpi: DPI, quality: 0.95, backend: napiBackend })).bytes);
  } finally {
    await opened.destroy();
  }
}

const BLUE: [number, number, number] = [26, 77, 179];
const WHITE: [number, number, number] = [255, 255, 255];

/** 720 x 405 pt: white bold text on a blue band, black text on white, and a red-over-blue photo. */
async function bandPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([720, 405]);
  page.drawRectangle({ x: 40, y: 180, width: 640, height: 200, color: rgb(BLUE[0] / 255, BLUE[1] / 255, BLUE[2] / 255) });
  page.drawText('Quarterly results beat the forecast', { x: 60, y: 280, size: 28, font: bold, color: rgb(1, 1, 1) });
  page.drawText('Revenue by region', { x: 60, y: 60, size: 18, font });
  page.drawImage(await doc.embedJpg(twoToneJpeg(200, 100)), { x: 460, y: 20, width: 200, height: 100 });
  return doc.save();
}

describe('pdf-to-powerpoint text from the drawing pass', () => {
  it('keeps every word once, takes the text out of the picture where the boxes are and keeps the band and the photo', async () => {
    const pdf = await bandPdf();
    const { xmls, pictures } = await convert(pdf);
    await expectSameWords(pdf, xmls);
    const picture = pictures[0]!;
    const boxes = boxesOf(xmls[0]!);
    const title = boxes.find((b) => b.text.includes('Quarterly'))!;
    const caption = boxes.find((b) => b.text.includes('Revenue'))!;
    expect(title.transparent).toBe(false);
    expect(title.colors).toContain('FFFFFF');
    expect(caption.colors).toContain('000000');
    // Under the white title only the band's blue; under the black caption only white paper (JPEG noise aside).
    expect(worstInside(picture, title, BLUE)).toBeLessThan(24);
    expect(worstInside(picture, caption, WHITE)).toBeLessThan(24);
    // The same measure sees the text on the page itself, so it would notice text left in the picture.
    const original = await originalPicture(pdf);
    expect(worstInside(original, title, BLUE)).toBeGreaterThan(150);
    expect(worstInside(original, caption, WHITE)).toBeGreaterThan(150);
    // The band and the photo (red top half, blue bottom half) are still painted.
    const at = (xPt: number, yPt: number) => picture.rgb((xPt * DPI) / 72, ((405 - yPt) * DPI) / 72);
    expect(distance(at(660, 200), BLUE)).toBeLessThan(24);
    expect(distance(at(560, 100), [255, 0, 0])).toBeLessThan(40);
    expect(distance(at(560, 40), [0, 0, 255])).toBeLessThan(40);
  });

  it('places text on a rotated page and tilted text along its baseline, with no text left in the picture', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const first = doc.addPage([612, 792]);
    first.setRotation(degrees(90));
    first.drawText('Rotated page heading', { x: 72, y: 500, size: 24, font });
    const second = doc.addPage([612, 792]);
    second.setRotation(degrees(90));
    second.drawText('Tilted label text', { x: 200, y: 300, size: 24, font, rotate: degrees(30) });
    const pdf = await doc.save();
    const { xmls, pictures } = await convert(pdf);
    await expectSameWords(pdf, xmls);
    // Shown upright the page is landscape; the heading runs down the view (90 degrees clockwise), the tilted text at 90 - 30.
    const [heading] = boxesOf(xmls[0]!);
    const [tilted] = boxesOf(xmls[1]!);
    expect(heading!.rotate).toBeCloseTo(90, 0);
    expect(tilted!.rotate).toBeCloseTo(60, 0);
    for (const picture of pictures) {
      expect([picture.width, picture.height]).toEqual([1650, 1275]);
      let darkest = 255;
      for (let y = 0; y < picture.height; y += 2) for (let x = 0; x < picture.width; x += 2) darkest = Math.min(darkest, Math.min(...picture.rgb(x, y)));
      expect(darkest).toBeGreaterThan(220);
    }
    // The heading's box is centred on the heading's ink in a render of the page.
    const original = await originalPicture(pdf);
    let sumX = 0;
    let sumY = 0;
    let count = 0;
    for (let y = 0; y < original.height; y++) {
      for (let x = 0; x < original.width; x++) {
        if (Math.max(...original.rgb(x, y)) < 128) {
          sumX += x;
          sumY += y;
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(100);
    const centre = { x: heading!.x + heading!.w / 2, y: heading!.y + heading!.h / 2 };
    // Rotated 90 degrees, the box's long side runs down the view: its centre is within a fraction of the text's length and size.
    expect(Math.abs(centre.x - sumX / count)).toBeLessThan(0.5 * ((24 * DPI) / 72));
    expect(Math.abs(centre.y - sumY / count)).toBeLessThan(0.1 * heading!.w);
  });

  it('makes separate boxes for two columns set side by side', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([612, 792]);
    // Row by row, left then right, so consecutive runs share a baseline across the gutter.
    for (let i = 0; i < 10; i++) {
      page.drawText(`Left column line ${i + 1} about budgets`, { x: 72, y: 700 - i * 14, size: 11, font });
      page.drawText(`Right column line ${i + 1} about staffing`, { x: 330, y: 700 - i * 14, size: 11, font });
    }
    const pdf = await doc.save();
    const { xmls } = await convert(pdf);
    await expectSameWords(pdf, xmls);
    const boxes = boxesOf(xmls[0]!);
    expect(boxes).toHaveLength(20);
    const gutter = (315 * DPI) / 72;
    for (const box of boxes) {
      const left = box.text.startsWith('Left');
      expect(left ? box.x + box.w < gutter : box.x > gutter).toBe(true);
    }
  });

  it('keeps an invisible OCR layer searchable but transparent, and joins a word drawn letter by letter', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([400, 300]);
    page.drawImage(await doc.embedJpg(twoToneJpeg(400, 200)), { x: 0, y: 100, width: 400, height: 200 });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawText('Scanned invoice total', { x: 30, y: 250, size: 20, font });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill));
    let x = 30;
    for (const letter of 'Kerning') {
      page.drawText(letter, { x, y: 40, size: 20, font });
      x += font.widthOfTextAtSize(letter, 20);
    }
    const pdf = await doc.save();
    const { xmls, pictures } = await convert(pdf);
    await expectSameWords(pdf, xmls);
    const boxes = boxesOf(xmls[0]!);
    expect(boxes.find((b) => b.text.includes('Scanned'))!.transparent).toBe(true);
    const word = boxes.find((b) => b.text.includes('Kerning'))!;
    expect(word.transparent).toBe(false);
    expect(word.text).toBe('Kerning');
    // The scan under the invisible text is untouched: red top half.
    expect(distance(pictures[0]!.rgb(100 * (DPI / 72), 30 * (DPI / 72)), [255, 0, 0])).toBeLessThan(40);
  });

  it('keeps Type3 glyphs (small drawings) in the picture and their text searchable in a transparent box', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([300, 200]);
    // A Type3 font whose glyph "a" is a filled square one em wide.
    const square = doc.context.register(doc.context.stream('1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f'));
    const type3 = doc.context.register(
      doc.context.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 1000, 1000],
        FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
        CharProcs: { a: square },
        Encoding: { Type: 'Encoding', Differences: [97, 'a'] },
        FirstChar: 97,
        LastChar: 97,
        Widths: [1000],
        Resources: {},
      }),
    );
    const tag = page.node.newFontDictionary('Squares', type3);
    page.pushOperators(beginText(), setFontAndSize(tag, 40), moveText(50, 100), showText(PDFHexString.of('616161')), endText());
    page.drawText('Label', { x: 50, y: 40, size: 20, font });
    const pdf = await doc.save();
    const { xmls, pictures } = await convert(pdf);
    await expectSameWords(pdf, xmls);
    const boxes = boxesOf(xmls[0]!);
    expect(boxes.find((b) => b.text === 'aaa')!.transparent).toBe(true);
    const label = boxes.find((b) => b.text === 'Label')!;
    expect(label.transparent).toBe(false);
    const picture = pictures[0]!;
    const at = (xPt: number, yPt: number) => picture.rgb((xPt * DPI) / 72, ((200 - yPt) * DPI) / 72);
    // The squares are painted (centres of the first and third), the label is not.
    expect(Math.max(...at(70, 120))).toBeLessThan(60);
    expect(Math.max(...at(150, 120))).toBeLessThan(60);
    expect(worstInside(picture, label, WHITE)).toBeLessThan(24);
  });

  itJudgedBy('soffice', 'opens in LibreOffice, which reads every word back', async () => {
    const pdf = await bandPdf();
    const { pptx } = await convert(pdf);
    const dir = mkdtempSync(path.join(tmpdir(), 'pptx-lo-'));
    try {
      writeFileSync(path.join(dir, 'deck.pptx'), pptx);
      execFileSync(judgeCommand('soffice'), ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'deck.pptx')], {
        stdio: 'ignore',
        timeout: 120_000,
      });
      const converted = new Uint8Array(readFileSync(path.join(dir, 'deck.pdf')));
      const words = (await pdfjsPageWords(converted)).flat();
      expect(wordDifference((await pdfjsPageWords(pdf)).flat(), words).missing).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
