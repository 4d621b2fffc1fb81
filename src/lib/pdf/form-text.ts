/**
 * The values of a page's filled form fields as text items, placed where each
 * field is, so the tools that read a page's text (Extract Text, PDF to Word,
 * PDF to Excel) put them in reading order with the printed text around them.
 *
 * pdf.js leaves field values out of getTextContent (a reader draws them from
 * the widget's appearance, over the page), so they are read here from
 * getAnnotations: typed text, the chosen entries of lists and dropdowns, and
 * a ☑ where a check box or radio button is selected. Empty fields give
 * nothing, so a blank form stays a page without text.
 */
import { loadPdfjs, type PDFPageProxy, type TextItem } from './pdfjs';

/** Shown where a check box or radio button is selected. */
export const SELECTED_MARK = '\u2611';

/** The part of pdf.js's widget annotation data read here. */
interface WidgetData {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  hidden?: boolean;
  password?: boolean;
  multiLine?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  options?: { exportValue?: string; displayValue?: string }[];
  textPosition?: number[];
  defaultAppearanceData?: { fontSize?: number };
}

/** Export values that only say "on" (or are a bare index, as some writers number radio buttons) and add nothing to the mark. */
const PLAIN_ON = /^(yes|on|true|off|x|\d+)$/i;

/** Marks a field for pdf.js's font ids: no real font has it, so the Word writer falls back to its default font. */
export const FIELD_FONT = 'form-field';

function textItem(str: string, x: number, y: number, size: number): TextItem {
  // Widths are estimated (half an em per character, a Helvetica average): only line grouping and column detection use them.
  return { str, dir: 'ltr', transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5, height: size, fontName: FIELD_FONT, hasEOL: false };
}

/** The text a field shows, one string per line; empty when nothing is filled in or chosen. */
export function fieldLines(field: WidgetData, explainMarks: boolean): string[] {
  if (field.hidden || field.password) return [];
  const value = field.fieldValue;
  if (field.fieldType === 'Tx') {
    const text = typeof value === 'string' ? value : '';
    return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  }
  if (field.fieldType === 'Ch') {
    const chosen = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    const shown = chosen.map((v) => field.options?.find((o) => o.exportValue === v)?.displayValue || v);
    return shown.length > 0 ? [shown.join(', ')] : [];
  }
  if (field.fieldType === 'Btn' && (field.checkBox || field.radioButton)) {
    const on = field.checkBox ? field.exportValue : field.buttonValue;
    if (typeof value !== 'string' || value === 'Off' || on === undefined || value !== on) return [];
    // On a page with printed labels the mark sits by its label; without them the export value is all that says what was chosen.
    return [explainMarks && !PLAIN_ON.test(on) ? `${SELECTED_MARK} ${on}` : SELECTED_MARK];
  }
  return [];
}

/**
 * Text items for the filled fields of a page, in PDF user space like
 * pdf.js's own items. `pageHasText` says whether the page prints text of its
 * own: without it, a selected check box also gets its export value (such as
 * "Married") as nothing else on the page says what it means.
 */
export async function formFieldItems(page: PDFPageProxy, pageHasText: boolean): Promise<TextItem[]> {
  const annotations = (await page.getAnnotations().catch(() => [])) as WidgetData[];
  const items: TextItem[] = [];
  for (const field of annotations) {
    if (field.subtype !== 'Widget' || !field.rect || field.rect.length < 4) continue;
    const lines = fieldLines(field, !pageHasText);
    if (lines.length === 0) continue;
    const [x0, y0, x1, y1] = field.rect as [number, number, number, number];
    const left = Math.min(x0, x1);
    const bottom = Math.min(y0, y1);
    const top = Math.max(y0, y1);
    const boxHeight = top - bottom;
    const size = field.defaultAppearanceData?.fontSize || Math.max(4, Math.min(12, boxHeight * 0.7));
    if (lines.length === 1 && !field.multiLine) {
      const [dx, dy] = field.textPosition ?? [2, Math.max(0, (boxHeight - size) / 2 + size * 0.2)];
      items.push(textItem(lines[0]!, left + (dx ?? 2), bottom + (dy ?? 0), size));
      continue;
    }
    // Multi-line fields and lists fill from the top of the box down.
    lines.forEach((line, i) => items.push(textItem(line, left + 2, top - 2 - size * (0.9 + 1.15 * i), size)));
  }
  return items;
}

/** True when the item prints something (pdf.js adds empty and space-only items between runs). */
export function printsText(item: { str: string }): boolean {
  return item.str.trim() !== '';
}

/**
 * True when the page has form fields and paints no image: a form made as a
 * PDF, whose text is its fields. Such a page without a text layer is not
 * read with OCR, which would only find the boxes' outlines and a list box's
 * unchosen entries. A page that paints an image under its fields is a
 * scanned form, whose printed words only OCR can read.
 */
export async function isFormWithoutPicture(page: PDFPageProxy): Promise<boolean> {
  const annotations = (await page.getAnnotations().catch(() => [])) as WidgetData[];
  if (!annotations.some((a) => a.subtype === 'Widget')) return false;
  const { OPS } = await loadPdfjs();
  const painting = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);
  const list = await page.getOperatorList();
  return !list.fnArray.some((fn) => painting.has(fn));
}
