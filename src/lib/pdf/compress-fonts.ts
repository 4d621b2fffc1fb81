/**
 * Subsetting embedded fonts for the compressor, with HarfBuzz's hb-subset
 * (src/lib/fonts/hb-subset.ts). A font program is subset to the glyphs the
 * document can show with it, for every kind of embedded program a PDF font
 * can have whose glyphs can be followed from the character codes:
 *
 * - CID TrueType (Type0, Identity-H/V, CIDFontType2 with FontFile2 or an
 *   OpenType FontFile3): the CIDToGIDMap (Identity or a stream) gives the
 *   glyph ids; glyph ids are kept (retain-gids), so the map stays true.
 * - CID CFF (CIDFontType0 with FontFile3 /CIDFontType0C or /OpenType): the
 *   CIDs go through the CFF charset of a CID-keyed font (CID = glyph id
 *   otherwise); hb-subset keeps each glyph's CID in the new charset.
 * - Simple TrueType (FontFile2, or an OpenType FontFile3 with TrueType
 *   outlines): a reader finds a code's glyph through the 'cmap' subtables
 *   (by code, by 0xF000 + code, by the character of the encoding) or takes
 *   the code as the glyph id, so every glyph any of those reaches is kept,
 *   glyph ids are kept, the 'cmap' is copied as it is and the glyph names
 *   ('post') of the glyphs kept stay.
 * - Simple CFF (Type1 or MMType1 with FontFile3 /Type1C or CFF OpenType):
 *   the glyph of each code by its name (Differences, the base encoding) and
 *   by the font's built-in encoding; hb-subset keeps glyph names and rewrites
 *   the built-in encoding. A CFF OpenType font can also be read through its
 *   'cmap', so those glyphs are kept too, with glyph ids and the 'cmap'.
 *
 * The character codes come from page and form XObject content (font-usage.ts).
 * A font listed anywhere else is left whole: a form's default resources
 * (AcroForm /DR) and annotation appearances are where a reader types new
 * text, and Type 3 glyphs, patterns and fonts set by a graphics state are not
 * read. The same goes for a font file shared with any font this does not
 * follow, Type0 fonts with CMaps other than Identity, Type 1 (FontFile)
 * programs, and a simple font whose encoding names a glyph this cannot find.
 * A subset that fails, or is not smaller, leaves the font as it was. A subset
 * font's names (FontName, BaseFont) get a six-letter subset tag, in place of
 * the tag of an earlier subset.
 *
 * The pass is synchronous: the caller loads hb-subset first (loadHbSubset);
 * where it could not load, fonts are left whole.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { cffGlyphs, cmapLookups, loadCffReader, type CffGlyphs } from '../fonts/font-glyphs';
import { HB_FLAGS, subsetFont } from '../fonts/hb-subset';
import { cffFacts, readTables, unwrapCff, wrapCff } from '../fonts/sfnt';
import { STANDARD_ENCODING, WIN_ANSI_ENCODING } from './font-encodings';
import { trimToUnicode, trimWidths } from './font-maps';
import { fontUsage, streamBytes } from './font-usage';

const N = {
  Subtype: PDFName.of('Subtype'),
  Type0: PDFName.of('Type0'),
  Type1: PDFName.of('Type1'),
  MMType1: PDFName.of('MMType1'),
  TrueType: PDFName.of('TrueType'),
  Encoding: PDFName.of('Encoding'),
  BaseEncoding: PDFName.of('BaseEncoding'),
  Differences: PDFName.of('Differences'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  CIDFontType0: PDFName.of('CIDFontType0'),
  CIDFontType2: PDFName.of('CIDFontType2'),
  CIDToGIDMap: PDFName.of('CIDToGIDMap'),
  Identity: PDFName.of('Identity'),
  IdentityH: PDFName.of('Identity-H'),
  IdentityV: PDFName.of('Identity-V'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontFile: PDFName.of('FontFile'),
  FontFile2: PDFName.of('FontFile2'),
  FontFile3: PDFName.of('FontFile3'),
  Type1C: PDFName.of('Type1C'),
  CIDFontType0C: PDFName.of('CIDFontType0C'),
  OpenType: PDFName.of('OpenType'),
  FontName: PDFName.of('FontName'),
  BaseFont: PDFName.of('BaseFont'),
  W: PDFName.of('W'),
  ToUnicode: PDFName.of('ToUnicode'),
  Length1: PDFName.of('Length1'),
};

const SUBSET_TAG = /^[A-Z]{6}\+/;
const FONT_FILES = [N.FontFile, N.FontFile2, N.FontFile3];

/** Tables PDF readers never use: layout (each glyph is placed by the PDF's widths), device metrics, a signature that would no longer match. */
const DROPPED_TABLES = ['DSIG', 'GSUB', 'GPOS', 'GDEF', 'JSTF', 'BASE', 'LTSH', 'VDMX', 'hdmx', 'kern', 'morx', 'mort', 'kerx', 'feat', 'MATH', 'meta'];

/** The kind of font program, from the key and /Subtype of its stream. */
type Program = 'truetype' | 'cff' | 'opentype';

/** One PDF font dictionary (simple, or Type0 with its descendant) using a font program. */
interface User {
  font: PDFDict;
  /** The CIDFont of a Type0 font. */
  cidFont?: PDFDict;
  descriptor: PDFDict;
  codes: Set<number>;
}

interface FileUse {
  ref: PDFRef;
  stream: PDFRawStream;
  program: Program;
  users: User[];
}

/** The descriptor and font-file reference of a font (simple, or Type0 through its one descendant). */
function fileOf(doc: PDFDocument, font: PDFRef | PDFDict): { font: PDFDict; cidFont?: PDFDict; descriptor: PDFDict; ref: PDFRef; key: PDFName } | null {
  const dict = font instanceof PDFRef ? doc.context.lookup(font) : font;
  if (!(dict instanceof PDFDict)) return null;
  let cidFont: PDFDict | undefined;
  if (dict.get(N.Subtype) === N.Type0) {
    const descendants = dict.lookup(N.DescendantFonts);
    const only = descendants instanceof PDFArray && descendants.size() === 1 ? descendants.lookup(0) : undefined;
    if (!(only instanceof PDFDict)) return null;
    cidFont = only;
  }
  const descriptor = (cidFont ?? dict).lookup(N.FontDescriptor);
  if (!(descriptor instanceof PDFDict)) return null;
  for (const key of FONT_FILES) {
    const ref = descriptor.get(key);
    if (ref instanceof PDFRef) return { font: dict, cidFont, descriptor, ref, key };
  }
  return null;
}

function programOf(key: PDFName, stream: PDFRawStream): Program | null {
  if (key === N.FontFile2) return 'truetype';
  if (key !== N.FontFile3) return null;
  const subtype = stream.dict.get(N.Subtype);
  if (subtype === N.Type1C || subtype === N.CIDFontType0C) return 'cff';
  return subtype === N.OpenType ? 'opentype' : null;
}

/** Every font-file reference that some font descriptor names, with those descriptors. */
function descriptorsByFile(doc: PDFDocument): Map<PDFRef, PDFDict[]> {
  const users = new Map<PDFRef, PDFDict[]>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    for (const key of FONT_FILES) {
      const file = object.get(key);
      if (file instanceof PDFRef) users.set(file, [...(users.get(file) ?? []), object]);
    }
  }
  return users;
}

/** A six-letter subset tag from the glyphs kept, as the PDF specification asks of subset font names. */
function subsetTag(glyphs: Set<number>, name: string): string {
  let hash = 2166136261;
  for (const value of [...[...name].map((c) => c.charCodeAt(0)), ...[...glyphs].sort((a, b) => a - b)]) {
    hash = Math.imul(hash ^ value, 16777619) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

/** Puts the tag before a font name, replacing the tag of an earlier subset. */
function tagName(dict: PDFDict | undefined, key: PDFName, tag: string): void {
  const name = dict?.get(key);
  if (dict && name instanceof PDFName) dict.set(key, PDFName.of(`${tag}+${name.decodeText().replace(SUBSET_TAG, '')}`));
}

/**
 * Rebuilds a Type0 font's widths and ToUnicode map with only the codes shown
 * (as new objects: another font may share the old ones, which then stay).
 */
function trimMaps(doc: PDFDocument, user: User): void {
  if (!user.cidFont) return;
  const w = user.cidFont.lookup(N.W);
  const widths = w instanceof PDFArray ? trimWidths(doc.context, w, user.codes) : null;
  if (widths) user.cidFont.set(N.W, widths);
  const toUnicode = streamBytes(user.font.lookup(N.ToUnicode));
  const trimmed = toUnicode ? trimToUnicode(toUnicode, user.codes) : null;
  if (trimmed) user.font.set(N.ToUnicode, doc.context.register(doc.context.flateStream(trimmed)));
}

/** Glyph ids by CID from a CIDFont's CIDToGIDMap: Identity (or none) or a stream of two-byte glyph ids; null when unreadable. */
function cidToGid(cidFont: PDFDict): ((cid: number) => number) | null {
  const map = cidFont.lookup(N.CIDToGIDMap);
  if (map === undefined || map === N.Identity) return (cid) => cid;
  const bytes = streamBytes(map);
  if (!bytes) return null;
  return (cid) => (cid * 2 + 1 < bytes.length ? (bytes[cid * 2] << 8) | bytes[cid * 2 + 1] : 0);
}

/** The glyph names of a simple font's codes: Differences over the base encoding. */
function encodingNames(font: PDFDict): { names: (string | undefined)[]; base: readonly string[] | null; differences: Set<number> } {
  const encoding = font.lookup(N.Encoding);
  const names: (string | undefined)[] = new Array(256).fill(undefined);
  const differences = new Set<number>();
  let baseName: PDFName | undefined = encoding instanceof PDFName ? encoding : undefined;
  if (encoding instanceof PDFDict) {
    const base = encoding.lookup(N.BaseEncoding);
    if (base instanceof PDFName) baseName = base;
    const list = encoding.lookup(N.Differences);
    if (list instanceof PDFArray) {
      let code = 0;
      for (let i = 0; i < list.size(); i++) {
        const item = list.lookup(i);
        if (item instanceof PDFNumber) code = item.asNumber();
        else if (item instanceof PDFName && code >= 0 && code < 256) {
          names[code] = item.decodeText();
          differences.add(code++);
        }
      }
    }
  }
  const base = baseName === PDFName.of('WinAnsiEncoding') ? WIN_ANSI_ENCODING : baseName === PDFName.of('StandardEncoding') ? STANDARD_ENCODING : null;
  return { names, base, differences };
}

const WIN_ANSI = new TextDecoder('windows-1252');
const MAC_ROMAN = new TextDecoder('macintosh');
/** Characters by glyph name, for the names of the two base encodings read here. */
const UNICODE_BY_NAME = new Map<string, number>();
WIN_ANSI_ENCODING.forEach((name, code) => {
  if (name && !UNICODE_BY_NAME.has(name)) UNICODE_BY_NAME.set(name, WIN_ANSI.decode(new Uint8Array([code])).codePointAt(0)!);
});
for (const [name, unicode] of [['fi', 0xfb01], ['fl', 0xfb02], ['fraction', 0x2044], ['dotlessi', 0x131], ['Lslash', 0x141], ['lslash', 0x142], ['quoteright', 0x2019], ['quoteleft', 0x2018], ['minus', 0x2212], ['hungarumlaut', 0x2dd], ['ogonek', 0x2db], ['caron', 0x2c7], ['breve', 0x2d8], ['dotaccent', 0x2d9], ['ring', 0x2da]] as const) {
  if (!UNICODE_BY_NAME.has(name)) UNICODE_BY_NAME.set(name, unicode);
}

/** The character a glyph name stands for: a base-encoding name, uniXXXX or uXXXX[XX]; undefined otherwise. */
function unicodeOfName(name: string): number | undefined {
  const known = UNICODE_BY_NAME.get(name);
  if (known !== undefined) return known;
  const match = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name);
  return match ? parseInt(match[1], 16) : undefined;
}

/**
 * The glyph ids of a simple TrueType font that any reader's way from the
 * used codes to a glyph can reach; null when a code names a glyph this
 * cannot place (its font is then left whole).
 */
function trueTypeSimpleGlyphs(program: Uint8Array, users: User[], strict: boolean): Set<number> | null {
  const cmaps = cmapLookups(program);
  if (!cmaps) return strict ? null : new Set();
  const glyphs = new Set<number>();
  const add = (gid: number) => {
    if (gid > 0) glyphs.add(gid);
  };
  const unicodeTables = ['3,1', '3,10', '0,0', '0,1', '0,2', '0,3', '0,4', '0,6'].map((key) => cmaps.get(key)).filter((lookup) => lookup !== undefined);
  // Readers take the code as the glyph id only when the font has none of the character maps they look in.
  const codeIsGlyph = unicodeTables.length === 0 && !cmaps.has('3,0') && !cmaps.has('1,0');
  for (const user of users) {
    const { names, base } = encodingNames(user.font);
    for (const code of user.codes) {
      if (codeIsGlyph) add(code);
      const characters = new Set<number>([code, WIN_ANSI.decode(new Uint8Array([code])).codePointAt(0)!, MAC_ROMAN.decode(new Uint8Array([code])).codePointAt(0)!]);
      for (const name of [names[code], base?.[code], STANDARD_ENCODING[code], WIN_ANSI_ENCODING[code]]) {
        if (!name || name === '.notdef') continue;
        const unicode = unicodeOfName(name);
        // A Differences name with no known character can only be found by its name in 'post', which is not read here.
        if (unicode === undefined) {
          if (strict && name === names[code]) return null;
          continue;
        }
        characters.add(unicode);
      }
      for (const key of ['3,0', '1,0']) {
        const lookup = cmaps.get(key);
        if (lookup) for (const value of [code, 0xf000 + code, 0xf100 + code, 0xf200 + code]) add(lookup(value));
      }
      for (const lookup of unicodeTables) for (const unicode of characters) add(lookup(unicode));
    }
  }
  return glyphs;
}

/** The glyph ids of a simple CFF font its codes reach: by name (Differences, the base encoding, Standard) and by its built-in encoding. */
function cffSimpleGlyphs(cff: CffGlyphs, users: User[]): Set<number> | null {
  if (cff.cidKeyed) return null;
  const glyphs = new Set<number>();
  for (const user of users) {
    const { names, base } = encodingNames(user.font);
    for (const code of user.codes) {
      for (const name of [names[code], base?.[code], STANDARD_ENCODING[code], WIN_ANSI_ENCODING[code]]) {
        const gid = name ? cff.byName.get(name) : undefined;
        if (gid !== undefined) glyphs.add(gid);
      }
      const builtin = cff.builtin.get(code);
      if (builtin !== undefined) glyphs.add(builtin);
    }
  }
  return glyphs;
}

/** The subset program bytes for one font file, or null to leave it whole. */
function subsetProgram(use: FileUse, program: Uint8Array): Uint8Array | null {
  const simple = use.users.filter((user) => !user.cidFont);
  const composite = use.users.filter((user) => user.cidFont);
  const glyphs = new Set<number>();
  if (use.program === 'cff' || (use.program === 'opentype' && readTables(program)?.has('CFF '))) {
    // CFF outlines: a bare CFF is wrapped in OpenType for hb-subset and taken out again.
    let otf = program;
    if (use.program === 'cff') {
      const facts = cffFacts(program);
      if (!facts) return null;
      otf = wrapCff(program, facts.glyphs);
    }
    const cff = cffGlyphs(otf);
    if (!cff) return null;
    // An OpenType simple font can also be read through its 'cmap', like a TrueType font: those glyphs are kept too,
    // with glyph ids and the 'cmap' as they are.
    const openTypeSimple = use.program === 'opentype' && simple.length > 0;
    if (simple.length) {
      const found = cffSimpleGlyphs(cff, simple);
      if (!found) return null;
      found.forEach((gid) => glyphs.add(gid));
      if (openTypeSimple) trueTypeSimpleGlyphs(program, simple, false)?.forEach((gid) => glyphs.add(gid));
    }
    for (const user of composite) {
      if (user.cidFont!.get(N.Subtype) !== N.CIDFontType0) return null;
      for (const cid of user.codes) {
        const gid = cff.cidKeyed ? cff.byCid.get(cid) : cid;
        if (gid !== undefined && gid < cff.glyphCount) glyphs.add(gid);
      }
    }
    // A CID-keyed font keeps its CIDs in the new charset, and a simple font its glyph names and built-in encoding;
    // a font whose CIDs are its glyph ids keeps them.
    const retain = openTypeSimple || (composite.length > 0 && !cff.cidKeyed);
    const flags = HB_FLAGS.noLayoutClosure | HB_FLAGS.glyphNames | HB_FLAGS.notdefOutline | (retain ? HB_FLAGS.retainGids : 0);
    const out = subsetFont(otf, { glyphs, flags, dropTables: DROPPED_TABLES, keepTables: openTypeSimple ? ['cmap'] : [] });
    if (!out) return null;
    return use.program === 'cff' ? unwrapCff(out) : out;
  }
  // TrueType outlines (FontFile2, or OpenType with 'glyf'): glyph ids are kept.
  if (simple.length) {
    const found = trueTypeSimpleGlyphs(program, simple, true);
    if (!found) return null;
    found.forEach((gid) => glyphs.add(gid));
  }
  for (const user of composite) {
    if (user.cidFont!.get(N.Subtype) !== N.CIDFontType2) return null;
    const toGid = cidToGid(user.cidFont!);
    if (!toGid) return null;
    for (const cid of user.codes) glyphs.add(toGid(cid));
  }
  // A simple font keeps its character maps whole, and the names of its glyphs: they are how a reader finds each code's glyph.
  const keepTables = simple.length ? ['cmap'] : [];
  return subsetFont(program, { glyphs, flags: HB_FLAGS.retainGids | HB_FLAGS.noLayoutClosure | HB_FLAGS.glyphNames | HB_FLAGS.notdefOutline, dropTables: DROPPED_TABLES, keepTables });
}

/** Subsets every embedded font whose use is known; returns how many font files were subset. */
export async function subsetFonts(doc: PDFDocument): Promise<number> {
  const usage = fontUsage(doc);
  // Several font dictionaries may share one font file; it is subset once, for all their codes.
  const files = new Map<PDFRef, FileUse>();
  const unsureFiles = new Set<PDFRef>();
  for (const font of usage.unsure) {
    const found = fileOf(doc, font);
    if (found) unsureFiles.add(found.ref);
  }
  for (const [ref, codes] of usage.glyphs) {
    const found = fileOf(doc, ref);
    if (!found) continue;
    const stream = doc.context.lookup(found.ref);
    const program = stream instanceof PDFRawStream ? programOf(found.key, stream) : null;
    const composite = found.font.get(N.Subtype) === N.Type0;
    const simpleKind = [N.Type1, N.MMType1, N.TrueType].includes(found.font.get(N.Subtype) as PDFName);
    const identity = composite && [N.IdentityH, N.IdentityV].includes(found.font.get(N.Encoding) as PDFName);
    if (!(stream instanceof PDFRawStream) || !program || (composite ? !identity : !simpleKind)) {
      unsureFiles.add(found.ref);
      continue;
    }
    const use = files.get(found.ref) ?? { ref: found.ref, stream, program, users: [] };
    let user = use.users.find((known) => known.font === found.font);
    if (!user) use.users.push((user = { font: found.font, cidFont: found.cidFont, descriptor: found.descriptor, codes: new Set() }));
    codes.forEach((code) => user.codes.add(code));
    files.set(found.ref, use);
  }
  // CFF outlines are read through fontkit, loaded only for a file that may have them.
  if ([...files.values()].some((use) => use.program === 'cff' || use.program === 'opentype')) await loadCffReader();
  const descriptors = descriptorsByFile(doc);
  let subset = 0;
  for (const [ref, use] of files) {
    // A font file shared with a font dictionary not read here (another encoding, an unused copy) is left whole.
    const known = new Set(use.users.map((user) => user.descriptor));
    if (unsureFiles.has(ref) || (descriptors.get(ref) ?? []).some((descriptor) => !known.has(descriptor))) continue;
    const program = streamBytes(use.stream);
    const smaller = program ? subsetProgram(use, program) : null;
    if (!program || !smaller || smaller.length >= program.length) continue;
    const extra: Record<string, PDFName | number> = use.program === 'truetype' ? { Length1: smaller.length } : { Subtype: use.stream.dict.get(N.Subtype) as PDFName };
    const stream = doc.context.flateStream(smaller, extra);
    if (stream.contents.length >= use.stream.contents.length) continue;
    doc.context.assign(ref, stream);
    const codes = new Set(use.users.flatMap((user) => [...user.codes]));
    const tag = subsetTag(codes, String(use.users[0].descriptor.get(N.FontName)));
    for (const user of use.users) {
      tagName(user.descriptor, N.FontName, tag);
      tagName(user.cidFont, N.BaseFont, tag);
      tagName(user.font, N.BaseFont, tag);
      trimMaps(doc, user);
    }
    subset++;
  }
  return subset;
}
