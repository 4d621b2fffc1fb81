/**
 * Which character codes (so which glyphs) of which fonts a document's pages show, read from page and
 * form XObject content (text operators under the current font, through q/Q
 * and into forms), and which fonts are used where their glyphs cannot be
 * known (annotation appearances, a form's default resources, patterns,
 * Type 3 glyphs, fonts set by a graphics state or written inline).
 */
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { isToolError } from '../errors';
import { tokenizeContent, type Operand } from './content-tokens';
import { decodedStreamBytes } from './stream-bytes';

const N = {
  Font: PDFName.of('Font'),
  XObject: PDFName.of('XObject'),
  ExtGState: PDFName.of('ExtGState'),
  Resources: PDFName.of('Resources'),
  Subtype: PDFName.of('Subtype'),
  Form: PDFName.of('Form'),
  Type0: PDFName.of('Type0'),
  Encoding: PDFName.of('Encoding'),
  IdentityH: PDFName.of('Identity-H'),
  IdentityV: PDFName.of('Identity-V'),
};

/** Forms nested deeper than this are not followed; fonts they use are then left whole. */
const MAX_FORM_DEPTH = 12;

/**
 * The decoded bytes of a stream; null when it is not a stream or cannot be
 * decoded. A stream that would decode past the cap throws its ToolError: the
 * file is refused rather than read in part.
 */
export function streamBytes(stream: PDFObject | undefined): Uint8Array | null {
  if (!(stream instanceof PDFStream)) return null;
  try {
    return decodedStreamBytes(stream);
  } catch (error) {
    if (isToolError(error)) throw error;
    return null;
  }
}

/** What reading the content found: fonts' character codes by font ref (one byte each for simple fonts, two for Identity-H/V Type0 fonts), the resource dictionaries read, and fonts whose use could not be followed. */
export class Usage {
  readonly glyphs = new Map<PDFRef, Set<number>>();
  readonly readResources = new Set<PDFDict>();
  /** Fonts (by reference, or direct dictionaries) whose glyphs are not all known. */
  readonly unsure = new Set<PDFRef | PDFDict>();
  /** Bytes per character code, by font (codeWidth). */
  private readonly widths = new Map<PDFRef, 0 | 1 | 2>();
  /** Each form with the font and resources it was read with: reading it again with the same ones finds nothing new. */
  private readonly formsRead = new Map<PDFStream, { font: PDFRef | null; resources: PDFDict | undefined }[]>();

  constructor(private readonly doc: PDFDocument) {}

  read(bytes: Uint8Array, resources: PDFDict | undefined, initialFont: PDFRef | null, depth: number): void {
    if (resources) this.readResources.add(resources);
    const found = resources?.lookup(N.Font);
    const fonts = found instanceof PDFDict ? found : undefined;
    let font: PDFRef | null = initialFont;
    const saved: (PDFRef | null)[] = [];
    const show = (operand: Operand) => {
      if (!(operand instanceof Uint8Array) || !font) return;
      const width = this.codeWidth(font);
      if (width === 0) return;
      let set = this.glyphs.get(font);
      if (!set) this.glyphs.set(font, (set = new Set()));
      if (width === 1) for (const code of operand) set.add(code);
      else for (let i = 0; i + 1 < operand.length; i += 2) set.add((operand[i] << 8) | operand[i + 1]);
    };
    tokenizeContent(bytes, (operator, operands) => {
      if (operator === 'q') saved.push(font);
      else if (operator === 'Q') font = saved.length ? saved.pop()! : font;
      else if (operator === 'Tf') {
        const name = operands[0];
        const entry = typeof name === 'string' ? fonts?.get(PDFName.of(name)) : undefined;
        // A font written directly into the resources has no reference to collect its glyphs under.
        if (entry instanceof PDFDict) this.unsure.add(entry);
        font = entry instanceof PDFRef ? entry : null;
      } else if (operator === 'Tj' || operator === "'") show(operands[0]);
      else if (operator === '"') show(operands[2]);
      else if (operator === 'TJ') {
        const array = operands[0];
        if (Array.isArray(array)) array.forEach(show);
      } else if (operator === 'Do' && typeof operands[0] === 'string') this.form(resources, operands[0], font, depth);
      else if (operator === 'gs' && typeof operands[0] === 'string') {
        // A graphics state can set the font too; such a font is not followed and is left whole.
        const states = resources?.lookup(N.ExtGState);
        const state = states instanceof PDFDict ? states.lookup(PDFName.of(operands[0])) : undefined;
        const setting = state instanceof PDFDict ? state.lookup(N.Font) : undefined;
        if (setting instanceof PDFArray) {
          const ref = setting.get(0);
          if (ref instanceof PDFRef || ref instanceof PDFDict) this.unsure.add(ref);
          font = null;
        }
      }
    });
  }

  /**
   * The bytes per character code of a font: 1 for simple fonts, 2 for Type0
   * fonts with Identity-H or Identity-V; 0 (and the font marked unsure) for
   * Type0 fonts with any other CMap, whose codes are not read here.
   */
  private codeWidth(font: PDFRef): 0 | 1 | 2 {
    let width = this.widths.get(font);
    if (width === undefined) {
      const dict = this.doc.context.lookup(font);
      if (!(dict instanceof PDFDict) || dict.get(N.Subtype) !== N.Type0) width = 1;
      else {
        const encoding = dict.get(N.Encoding);
        width = encoding === N.IdentityH || encoding === N.IdentityV ? 2 : 0;
        if (width === 0) this.unsure.add(font);
      }
      this.widths.set(font, width);
    }
    return width;
  }

  private form(resources: PDFDict | undefined, name: string, font: PDFRef | null, depth: number): void {
    const xobjects = resources?.lookup(N.XObject);
    const form = xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined;
    if (!(form instanceof PDFRawStream) || form.dict.get(N.Subtype) !== N.Form) return;
    const own = form.dict.lookup(N.Resources);
    const formResources = own instanceof PDFDict ? own : resources;
    if (depth >= MAX_FORM_DEPTH) {
      this.distrust(formResources);
      return;
    }
    // The same form drawn with another current font can show other glyphs, so it is read once per font.
    const reads = this.formsRead.get(form) ?? [];
    if (reads.some((read) => read.font === font && read.resources === formResources)) return;
    this.formsRead.set(form, [...reads, { font, resources: formResources }]);
    const bytes = streamBytes(form);
    if (!bytes) {
      this.distrust(formResources);
      return;
    }
    this.read(bytes, formResources, font, depth + 1);
  }

  /** Marks every font in a resource dictionary as not safely readable. */
  distrust(resources: PDFDict | undefined): void {
    const fonts = resources?.lookup(N.Font);
    if (!(fonts instanceof PDFDict)) return;
    for (const value of fonts.values()) if (value instanceof PDFRef || value instanceof PDFDict) this.unsure.add(value);
  }

  readPages(): void {
    for (const page of this.doc.getPages()) {
      const resources = page.node.Resources();
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((item) => this.doc.context.lookup(item)) : [contents];
      const parts: Uint8Array[] = [];
      for (const stream of streams) {
        if (stream === undefined) continue;
        const bytes = streamBytes(stream);
        if (!bytes) {
          this.distrust(resources);
          break;
        }
        parts.push(bytes, new Uint8Array([10]));
      }
      // A page's content streams are one stream split in parts; a token may cross a boundary.
      const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        joined.set(part, offset);
        offset += part.length;
      }
      this.read(joined, resources, null, 0);
    }
  }
}

/** Every dictionary with a /Font map (resources of pages, forms, patterns, Type 3 fonts, annotations; a form's /DR) anywhere in the document. */
function fontContainers(doc: PDFDocument): Set<PDFDict> {
  const containers = new Set<PDFDict>();
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined, depth: number) => {
    if (object === undefined || depth > 32 || seen.has(object)) return;
    if (object instanceof PDFRawStream) return visit(object.dict, depth + 1);
    if (object instanceof PDFArray) {
      seen.add(object);
      for (const item of object.asArray()) if (!(item instanceof PDFRef)) visit(item, depth + 1);
    } else if (object instanceof PDFDict) {
      seen.add(object);
      const fonts = object.lookup(N.Font);
      if (fonts instanceof PDFDict) containers.add(object);
      for (const value of object.values()) if (!(value instanceof PDFRef)) visit(value, depth + 1);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object, 0);
  return containers;
}

/**
 * Fonts that annotation appearances and the form's default resources use:
 * a reader may redraw a field with any character, and an appearance's
 * resources can be the very dictionary a page uses, so these are named
 * explicitly rather than found by which dictionaries were read.
 */
function formAndAnnotationFonts(doc: PDFDocument, usage: Usage): void {
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'));
  if (acroForm instanceof PDFDict) {
    const dr = acroForm.lookup(PDFName.of('DR'));
    if (dr instanceof PDFDict) usage.distrust(dr);
  }
  const appearances = (value: PDFObject | undefined, depth: number): void => {
    if (depth > 2) return;
    if (value instanceof PDFRawStream) {
      const resources = value.dict.lookup(N.Resources);
      if (resources instanceof PDFDict) usage.distrust(resources);
    } else if (value instanceof PDFDict) {
      for (const state of value.values()) appearances(state instanceof PDFRef ? doc.context.lookup(state) : state, depth + 1);
    }
  };
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict) appearances(annot.lookup(PDFName.of('AP')), 0);
    }
  }
}

/** Reads the document: the glyphs each font shows, and the fonts whose glyphs are not all known. */
export function fontUsage(doc: PDFDocument): Usage {
  const usage = new Usage(doc);
  usage.readPages();
  for (const container of fontContainers(doc)) if (!usage.readResources.has(container)) usage.distrust(container);
  formAndAnnotationFonts(doc, usage);
  return usage;
}
