/**
 * PDF/A (archival PDF) with Ghostscript's pdfwrite device, and a check of the
 * result that does not trust Ghostscript's word for it.
 *
 * The output intent is Ghostscript's own sRGB profile ("Artifex Software sRGB
 * ICC Profile", ICC v2.1, AGPL like Ghostscript), read from the ROM file
 * system compiled into gs.wasm (%rom%iccprofiles/srgb.icc): it comes with the
 * engine the site already serves, so nothing else is fetched. Colours are
 * converted to RGB to match it.
 *
 * pdfwrite drops what PDF/A forbids when it can (PDFACompatibilityPolicy=1),
 * yet when it cannot comply it may write an ordinary PDF with only a warning.
 * So the result is read again with pdf-lib and held to what an archive reader
 * relies on: an sRGB output intent, XMP metadata naming the part and
 * conformance asked for, no encryption, every font program embedded, nothing
 * that runs, and for PDF/A-1 no transparency.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { runGhostscript } from '../ghostscript';
import { decodedStreamBytes } from './stream-bytes';

export type PdfaPart = 1 | 2 | 3;

const N = {
  BM: PDFName.of('BM'),
  CA: PDFName.of('CA'),
  ca: PDFName.of('ca'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  DestOutputProfile: PDFName.of('DestOutputProfile'),
  Encrypt: PDFName.of('Encrypt'),
  ExtGState: PDFName.of('ExtGState'),
  Font: PDFName.of('Font'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontFile: PDFName.of('FontFile'),
  FontFile2: PDFName.of('FontFile2'),
  FontFile3: PDFName.of('FontFile3'),
  BaseFont: PDFName.of('BaseFont'),
  Group: PDFName.of('Group'),
  Metadata: PDFName.of('Metadata'),
  OutputIntents: PDFName.of('OutputIntents'),
  Pattern: PDFName.of('Pattern'),
  Resources: PDFName.of('Resources'),
  S: PDFName.of('S'),
  Shading: PDFName.of('Shading'),
  SMask: PDFName.of('SMask'),
  SMaskInData: PDFName.of('SMaskInData'),
  Subtype: PDFName.of('Subtype'),
  Transparency: PDFName.of('Transparency'),
  Type3: PDFName.of('Type3'),
  Type0: PDFName.of('Type0'),
  XObject: PDFName.of('XObject'),
  Annots: PDFName.of('Annots'),
  AP: PDFName.of('AP'),
  GTS_PDFA1: PDFName.of('GTS_PDFA1'),
  AA: PDFName.of('AA'),
  JS: PDFName.of('JS'),
  JavaScript: PDFName.of('JavaScript'),
  Launch: PDFName.of('Launch'),
  None: PDFName.of('None'),
  Normal: PDFName.of('Normal'),
  Compatible: PDFName.of('Compatible'),
};

/** Ghostscript's sRGB profile, compiled into the wasm's ROM file system. */
export const SRGB_PROFILE = '%rom%iccprofiles/srgb.icc';

/**
 * The PostScript run before the input (Ghostscript's PDFA_def.ps, with the
 * profile above): the sRGB output intent every PDF/A part needs, and no font
 * on the never-embed list.
 */
export const PDFA_DEF = [
  '%!',
  '<< /NeverEmbed [ ] >> setdistillerparams',
  `/ICCProfile (${SRGB_PROFILE}) def`,
  '[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark',
  '[{icc_PDFA} << /N 3 >> /PUT pdfmark',
  '[{icc_PDFA} ICCProfile (r) file /PUT pdfmark',
  '[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark',
  '[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA} ' +
    '/OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) >> /PUT pdfmark',
  '[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark',
  '',
].join('\n');

/** The pdfwrite command line for a PDF/A part, reading /pdfa-def.ps then /in.pdf and writing /out.pdf. */
export function pdfaArgs(part: PdfaPart): string[] {
  return [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    `-dPDFA=${part}`,
    // 1: leave out what the part forbids and carry on, rather than stop at the first thing.
    '-dPDFACompatibilityPolicy=1',
    '-sColorConversionStrategy=RGB',
    // PDF/A-1 is based on PDF 1.4 (no object streams); parts 2 and 3 on PDF 1.7.
    `-dCompatibilityLevel=${part === 1 ? '1.4' : '1.7'}`,
    '-dEmbedAllFonts=true',
    '-dSubsetFonts=true',
    // Pages keep the orientation they have; pdfwrite would otherwise turn them to follow their text.
    '-dAutoRotatePages=/None',
    '-sOutputFile=/out.pdf',
    '/pdfa-def.ps',
    '/in.pdf',
  ];
}

export interface PdfaRun {
  bytes: Uint8Array;
  /** Ghostscript's warnings (lines on standard error), for messages about what it could not keep. */
  warnings: string[];
}

/** Runs pdfwrite for the part; `onPage` gets each page number as Ghostscript reaches it. Throws GhostscriptError when it fails. */
export async function convertWithGhostscript(input: Uint8Array, part: PdfaPart, onPage?: (page: number) => void): Promise<PdfaRun> {
  const warnings: string[] = [];
  const bytes = await runGhostscript({
    args: pdfaArgs(part),
    inputs: { '/in.pdf': input, '/pdfa-def.ps': new TextEncoder().encode(PDFA_DEF) },
    output: '/out.pdf',
    onLine: (line) => {
      const page = /^Page (\d+)$/.exec(line.trim());
      if (page) onPage?.(Number(page[1]));
    },
    onErrorLine: (line) => {
      if (line.trim()) warnings.push(line.trim());
    },
  });
  return { bytes, warnings };
}

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const object = resolve(doc, value);
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

/** Every value of a resource category (/Font, /XObject ...) of a resources dictionary, resolved. */
function entries(doc: PDFDocument, resources: PDFDict | undefined, key: PDFName): PDFDict[] {
  const category = dictOf(doc, resources?.get(key));
  if (!category) return [];
  return category.values().flatMap((value) => {
    const dict = dictOf(doc, value);
    return dict ? [dict] : [];
  });
}

/**
 * Visits each resources dictionary a page draws with: the page's, its form
 * XObjects', patterns', Type 3 fonts' and annotation appearances', each once.
 */
function visitResources(doc: PDFDocument, pageNode: PDFDict, visit: (resources: PDFDict) => void): void {
  const seen = new Set<PDFDict>();
  const stack: (PDFDict | undefined)[] = [dictOf(doc, pageNode.get(N.Resources))];
  const holders = (resources: PDFDict) => [
    ...entries(doc, resources, N.XObject).filter((x) => x.get(N.Subtype) === PDFName.of('Form')),
    ...entries(doc, resources, N.Pattern),
    ...entries(doc, resources, N.Font).filter((f) => f.get(N.Subtype) === N.Type3),
  ];
  const annots = resolve(doc, pageNode.get(N.Annots));
  if (annots instanceof PDFArray) {
    for (const item of annots.asArray()) {
      const ap = dictOf(doc, dictOf(doc, item)?.get(N.AP));
      for (const state of ap?.values() ?? []) {
        const appearance = dictOf(doc, state);
        if (!appearance) continue;
        // /N is either one form XObject or a dictionary of them by state.
        const forms = appearance.has(N.Resources) || appearance.get(N.Subtype) ? [appearance] : appearance.values().map((v) => dictOf(doc, v));
        for (const form of forms) stack.push(dictOf(doc, form?.get(N.Resources)));
      }
    }
  }
  while (stack.length) {
    const resources = stack.pop();
    if (!resources || seen.has(resources)) continue;
    seen.add(resources);
    visit(resources);
    for (const holder of holders(resources)) stack.push(dictOf(doc, holder.get(N.Resources)));
  }
}

function isBelowOne(value: PDFObject | undefined): boolean {
  return value instanceof PDFNumber && value.asNumber() < 1;
}

/** Whether a resources dictionary draws with transparency; transparency groups count only when `groups` is set. */
function transparencyIn(doc: PDFDocument, resources: PDFDict, groups: boolean): boolean {
  for (const gs of entries(doc, resources, N.ExtGState)) {
    const smask = resolve(doc, gs.get(N.SMask));
    if (smask && smask !== N.None) return true;
    if (isBelowOne(resolve(doc, gs.get(N.CA))) || isBelowOne(resolve(doc, gs.get(N.ca)))) return true;
    const blend = resolve(doc, gs.get(N.BM));
    const blends = blend instanceof PDFArray ? blend.asArray() : blend ? [blend] : [];
    if (blends.some((mode) => mode !== N.Normal && mode !== N.Compatible)) return true;
  }
  for (const xobject of entries(doc, resources, N.XObject)) {
    if (xobject.has(N.SMask)) return true;
    const inData = resolve(doc, xobject.get(N.SMaskInData));
    if (inData instanceof PDFNumber && inData.asNumber() > 0) return true;
    if (groups && dictOf(doc, xobject.get(N.Group))?.get(N.S) === N.Transparency) return true;
  }
  return false;
}

/**
 * The numbers (from 1) of the pages that use transparency: soft masks,
 * opacity below 1, blend modes, and with `groups` transparency groups too.
 * PDF/A-1 allows none of them. A group alone changes nothing on the page
 * (many writers put one on every page) and pdfwrite drops it for PDF/A-1, so
 * only a written PDF/A-1 is held to having none.
 */
export function pagesWithTransparency(doc: PDFDocument, { groups = true }: { groups?: boolean } = {}): number[] {
  const pages: number[] = [];
  doc.getPages().forEach((page, index) => {
    let found = groups && dictOf(doc, page.node.get(N.Group))?.get(N.S) === N.Transparency;
    const annots = resolve(doc, page.node.get(N.Annots));
    if (annots instanceof PDFArray) found ||= annots.asArray().some((a) => isBelowOne(resolve(doc, dictOf(doc, a)?.get(N.CA))));
    if (!found) visitResources(doc, page.node, (resources) => (found ||= transparencyIn(doc, resources, groups)));
    if (found) pages.push(index + 1);
  });
  return pages;
}

/** The names of the fonts drawn with whose font program is not in the file (Type 3 fonts are drawn by the file itself). */
export function fontsNotEmbedded(doc: PDFDocument): string[] {
  const missing = new Set<string>();
  const seen = new Set<PDFDict>();
  for (const page of doc.getPages()) {
    visitResources(doc, page.node, (resources) => {
      for (const font of entries(doc, resources, N.Font)) {
        if (seen.has(font) || font.get(N.Subtype) === N.Type3) continue;
        seen.add(font);
        let described = font;
        if (font.get(N.Subtype) === N.Type0) {
          const descendants = resolve(doc, font.get(N.DescendantFonts));
          described = (descendants instanceof PDFArray ? dictOf(doc, descendants.get(0)) : undefined) ?? font;
        }
        const descriptor = dictOf(doc, described.get(N.FontDescriptor));
        const embedded = !!descriptor && [N.FontFile, N.FontFile2, N.FontFile3].some((key) => dictOf(doc, descriptor.get(key)));
        if (!embedded) {
          const name = resolve(doc, font.get(N.BaseFont));
          // A subset's name starts with six capitals and a plus sign; the visitor knows the font without them.
          missing.add(name instanceof PDFName ? name.decodeText().replace(/^[A-Z]{6}\+/, '') : 'unnamed font');
        }
      }
    });
  }
  return [...missing];
}

/** Whether a page draws with any font, in its own content, its forms, patterns or annotation appearances. */
function drawsText(doc: PDFDocument, pageNode: PDFDict): boolean {
  let found = false;
  visitResources(doc, pageNode, (resources) => (found ||= entries(doc, resources, N.Font).length > 0));
  return found;
}

/**
 * The numbers (from 1) of the pages that had fonts before and have none
 * after: pdfwrite turns a page into one picture when it cannot write it as it
 * is (transparency in PDF/A-1), and the file still claims PDF/A, but its text
 * can no longer be found or copied.
 */
export function pagesLosingText(before: PDFDocument, after: PDFDocument): number[] {
  const pagesAfter = after.getPages();
  return before.getPages().flatMap((page, index) => {
    const written = pagesAfter[index];
    return drawsText(before, page.node) && (!written || !drawsText(after, written.node)) ? [index + 1] : [];
  });
}

/** The part and conformance the XMP metadata claims (pdfaid:part, pdfaid:conformance), as attributes or elements. */
export function pdfaIdentification(xmp: string): { part?: number; conformance?: string } {
  const field = (name: string) =>
    new RegExp(`pdfaid:${name}\\s*=\\s*["']([^"']*)["']`).exec(xmp)?.[1] ?? new RegExp(`<pdfaid:${name}>\\s*([^<]*?)\\s*</pdfaid:${name}>`).exec(xmp)?.[1];
  const part = field('part');
  return { part: part === undefined ? undefined : Number(part), conformance: field('conformance') };
}

/** The catalog's XMP metadata as text, or undefined when there is none. */
export function xmpOf(doc: PDFDocument): string | undefined {
  const stream = resolve(doc, doc.catalog.get(N.Metadata));
  if (!(stream instanceof PDFStream)) return undefined;
  return new TextDecoder().decode(decodedStreamBytes(stream));
}

/** True when the catalog has a GTS_PDFA1 output intent with an embedded RGB ICC profile. */
export function hasPdfaOutputIntent(doc: PDFDocument): boolean {
  const intents = resolve(doc, doc.catalog.get(N.OutputIntents));
  if (!(intents instanceof PDFArray)) return false;
  return intents.asArray().some((item) => {
    const intent = dictOf(doc, item);
    const profile = resolve(doc, intent?.get(N.DestOutputProfile));
    return intent?.get(N.S) === N.GTS_PDFA1 && profile instanceof PDFStream && resolve(doc, profile.dict.get(PDFName.of('N')))?.toString() === '3';
  });
}

/**
 * True when any object, indirect or nested in another, is a script or launch
 * action, holds script code or additional actions: PDF/A forbids all of them,
 * wherever a writer put them.
 */
export function holdsScripts(doc: PDFDocument): boolean {
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length) {
    const item = stack.pop()!;
    if (seen.has(item)) continue;
    seen.add(item);
    const dict = item instanceof PDFStream ? item.dict : item;
    if (dict instanceof PDFDict) {
      const kind = dict.get(N.S);
      if (kind === N.JavaScript || kind === N.Launch || dict.has(N.JS) || dict.has(N.AA)) return true;
      stack.push(...dict.values().filter((value) => !(value instanceof PDFRef)));
    } else if (item instanceof PDFArray) {
      stack.push(...item.asArray().filter((value) => !(value instanceof PDFRef)));
    }
  }
  return false;
}

/** What keeps a document from being the PDF/A part asked for, as problems named for the visitor's message. */
export interface PdfaProblems {
  encrypted: boolean;
  outputIntent: boolean;
  /** The part the XMP claims, when it is not the one asked for (0: no claim at all). */
  identification?: number;
  fonts: string[];
  transparencyPages: number[];
  scripts: boolean;
}

/** Checks a written PDF/A against the part asked for; every field false or empty means it passed. */
export function checkPdfa(doc: PDFDocument, part: PdfaPart): PdfaProblems {
  const xmp = xmpOf(doc);
  const id = xmp ? pdfaIdentification(xmp) : {};
  const claimed = id.part === part && id.conformance?.toUpperCase() === 'B';
  return {
    encrypted: !!doc.context.trailerInfo.Encrypt,
    outputIntent: !hasPdfaOutputIntent(doc),
    identification: claimed ? undefined : (id.part ?? 0),
    fonts: fontsNotEmbedded(doc),
    transparencyPages: part === 1 ? pagesWithTransparency(doc) : [],
    scripts: holdsScripts(doc),
  };
}

export function passed(problems: PdfaProblems): boolean {
  return (
    !problems.encrypted &&
    !problems.outputIntent &&
    problems.identification === undefined &&
    problems.fonts.length === 0 &&
    problems.transparencyPages.length === 0 &&
    !problems.scripts
  );
}
