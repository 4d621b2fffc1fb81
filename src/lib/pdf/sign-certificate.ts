/**
 * Signing a PDF with a certificate: a signature field whose widget sits on a
 * page (a visible box, or an empty one when invisible), a signature
 * dictionary (/ETSI.CAdES.detached) whose /Contents holds the CMS over every
 * byte of the file but itself, all appended as an incremental update so the
 * bytes before it, and any signature they carry, stay untouched.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, StandardFonts, type PDFPage } from 'pdf-lib';
import type { CmsSigner } from '../certificate/cms';
import { ToolError } from '../errors';
import { appendUpdate, readXrefTail, type XrefTail } from './incremental';
import { damagedPdfMessage, looksLikePdf, notPdfMessage, unlockLink } from './messages';
import { framePoint, placementFrame } from './signature';
import { runText } from '../i18n/run-messages';

export const protectedMessage = (): string => runText('run.sign.protected');

export const certifiedMessage = (): string => runText('run.sign.certified');

export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface SignatureLook {
  visible: boolean;
  /** Which page carries the box (and the invisible signature's empty widget). */
  page: 'first' | 'last';
  corner: Corner;
  reason: string;
  location: string;
  /** When the signature is made: the device's clock. */
  time: Date;
}

const BOX = { width: 200, height: 62, margin: 28 };

/** The PDF date of a moment in the device's time zone: D:YYYYMMDDHHmmSS+HH'mm'. */
export function pdfDate(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -time.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `D:${time.getFullYear()}${pad(time.getMonth() + 1)}${pad(time.getDate())}${pad(time.getHours())}${pad(time.getMinutes())}${pad(time.getSeconds())}${sign}${pad(Math.floor(Math.abs(offset) / 60))}'${pad(Math.abs(offset) % 60)}'`;
}

/** The moment as the box shows it: 2026-11-28 23:05 +01:00. */
export function shownDate(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -time.getTimezoneOffset();
  const zone = `${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ${pad(time.getHours())}:${pad(time.getMinutes())} ${zone}`;
}

/** True when the file already holds a signature: it must then be kept byte for byte. */
export function hasSignature(bytes: Uint8Array): boolean {
  return /\/ByteRange\s*\[/.test(new TextDecoder('latin1').decode(bytes));
}

async function parse(bytes: Uint8Array, name: string): Promise<PDFDocument> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new ToolError(notPdfMessage(name));
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes.slice(), { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
  } catch {
    throw new ToolError(damagedPdfMessage(name));
  }
  if (doc.isEncrypted) throw new ToolError(protectedMessage(), unlockLink());
  try {
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw new ToolError(damagedPdfMessage(name, runText('run.pdf.reason.noReadablePages')));
  }
  return doc;
}

/**
 * The bytes an update is appended to, with their document and cross-reference
 * end. A signed file is kept as it is. An unsigned one whose end does not lead
 * to its cross-reference data (damaged, or cut) is first saved afresh by
 * pdf-lib, so the update's /Prev points at a section readers can follow.
 */
async function base(bytes: Uint8Array, name: string): Promise<{ bytes: Uint8Array; doc: PDFDocument; tail: XrefTail }> {
  const doc = await parse(bytes, name);
  const tail = readXrefTail(bytes);
  if (tail) return { bytes, doc, tail };
  if (hasSignature(bytes)) throw new ToolError(damagedPdfMessage(name, runText('run.sign.reason.xrefTail')));
  const saved = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const again = readXrefTail(saved);
  if (!again) throw new ToolError(damagedPdfMessage(name));
  return { bytes: saved, doc: await parse(saved, name), tail: again };
}

/** The DocMDP permission of a certified PDF (1: no change allowed, 2: form filling and signing, 3: also annotating); null when it is not certified. */
function certificationLevel(doc: PDFDocument): number | null {
  const perms = doc.catalog.lookupMaybe(PDFName.of('Perms'), PDFDict);
  const signature = perms?.lookupMaybe(PDFName.of('DocMDP'), PDFDict);
  if (!signature) return null;
  for (const reference of signature.lookupMaybe(PDFName.of('Reference'), PDFArray)?.asArray() ?? []) {
    const entry = doc.context.lookup(reference);
    if (!(entry instanceof PDFDict)) continue;
    const p = entry.lookupMaybe(PDFName.of('TransformParams'), PDFDict)?.lookupMaybe(PDFName.of('P'), PDFNumber);
    if (p) return p.asNumber();
  }
  return 2;
}

/** Text Helvetica's WinAnsi encoding can show; anything else becomes "?". */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}

/** The form XObject drawn in the visible box: a frame and the signer, date, reason and location. */
async function appearance(doc: PDFDocument, lines: string[], rotation: number): Promise<PDFRef> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  await font.embed();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  await bold.embed();
  const { width, height } = BOX;
  const pad = 6;
  const lineHeight = (height - 2 * pad) / lines.length;
  let ops = `q 0.98 0.98 1 rg 0.2 0.3 0.6 RG 0.8 w 0.4 0.4 ${width - 0.8} ${height - 0.8} re B Q\nBT 0.1 0.1 0.2 rg\n`;
  lines.forEach((line, i) => {
    const f = i === 0 ? bold : font;
    const text = printable(line);
    const size = Math.min(9, Math.max(4, ((width - 2 * pad) / Math.max(1, f.widthOfTextAtSize(text, 1))) * 0.98));
    const y = height - pad - lineHeight * (i + 1) + (lineHeight - size) / 2 + size * 0.2;
    ops += `/${i === 0 ? 'F2' : 'F1'} ${size.toFixed(2)} Tf 1 0 0 1 ${pad} ${y.toFixed(2)} Tm ${f.encodeText(text).toString()} Tj\n`;
  });
  ops += 'ET\n';
  // Turned anticlockwise as the page is turned clockwise: readers fit the turned box to the widget's rectangle.
  const cos = Math.round(Math.cos((rotation * Math.PI) / 180));
  const sin = Math.round(Math.sin((rotation * Math.PI) / 180));
  const stream = doc.context.stream(ops, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, width, height],
    Matrix: [cos, sin, -sin, cos, 0, 0],
    Resources: { Font: { F1: font.ref, F2: bold.ref } },
  });
  return doc.context.register(stream);
}

/**
 * Where the box goes: in a corner of the page as displayed (turned by its
 * /Rotate), made smaller on a small page. Gives the widget's rectangle in
 * user space and the turn its appearance needs to read upright on screen.
 */
function boxPlace(page: PDFPage, corner: Corner): { rect: number[]; rotation: number } {
  const crop = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = rotation === 90 || rotation === 270;
  const shownWidth = sideways ? crop.height : crop.width;
  const shownHeight = sideways ? crop.width : crop.height;
  const margin = Math.min(BOX.margin, shownWidth * 0.04, shownHeight * 0.04);
  const scale = Math.min(1, (shownWidth - 2 * margin) / BOX.width, (shownHeight - 2 * margin) / BOX.height);
  const width = BOX.width * scale;
  const height = BOX.height * scale;
  const left = corner.endsWith('left') ? margin : shownWidth - margin - width;
  const top = corner.startsWith('top') ? margin : shownHeight - margin - height;
  const frame = placementFrame(crop, [90, 180, 270].includes(rotation) ? rotation : 0, {
    page: 0,
    x: left / shownWidth,
    y: top / shownHeight,
    width: width / shownWidth,
    height: height / shownHeight,
  });
  const corners = [framePoint(frame, 0, 0), framePoint(frame, frame.width, 0), framePoint(frame, 0, frame.height), framePoint(frame, frame.width, frame.height)];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const rect = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((n) => Math.round(n * 100) / 100);
  return { rect, rotation: frame.rotation };
}

/** A name for the new field that no field of the form has yet. */
function fieldName(fields: PDFArray | undefined, doc: PDFDocument): string {
  const taken = new Set<string>();
  for (const item of fields?.asArray() ?? []) {
    const field = doc.context.lookup(item);
    const title = field instanceof PDFDict ? field.get(PDFName.of('T')) : undefined;
    if (title && 'decodeText' in title) taken.add((title as PDFHexString).decodeText());
  }
  let n = 1;
  while (taken.has(`Signature${n}`)) n++;
  return `Signature${n}`;
}

export interface SignResult {
  bytes: Uint8Array;
  /** How many signatures the file held before this one. */
  earlier: number;
}

/**
 * Signs a PDF. Throws ToolError for a file that is not a PDF, is damaged, is
 * protected (protectedMessage) or is certified against any change
 * (certifiedMessage); the input bytes are never modified.
 */
export async function signPdf(input: Uint8Array, name: string, signer: CmsSigner, look: SignatureLook): Promise<SignResult> {
  const earlier = (new TextDecoder('latin1').decode(input).match(/\/ByteRange\s*\[/g) ?? []).length;
  const { bytes, doc, tail } = await base(input, name);
  if (certificationLevel(doc) === 1) throw new ToolError(certifiedMessage());
  const { context } = doc;
  const firstNew = Math.max(context.largestObjectNumber + 1, tail.size);
  context.largestObjectNumber = firstNew - 1;
  const changed: PDFRef[] = [];

  const catalogRef = context.trailerInfo.Root;
  if (!(catalogRef instanceof PDFRef)) throw new ToolError(damagedPdfMessage(name, runText('run.sign.reason.noCatalog')));
  const catalog = doc.catalog;

  // The form: an indirect AcroForm object changes in place; a direct one, or none, changes the catalogue.
  const acroEntry = catalog.get(PDFName.of('AcroForm'));
  let acroForm: PDFDict;
  if (acroEntry instanceof PDFRef && context.lookup(acroEntry) instanceof PDFDict) {
    acroForm = context.lookup(acroEntry) as PDFDict;
    changed.push(acroEntry);
  } else {
    acroForm = acroEntry instanceof PDFDict ? acroEntry : context.obj({});
    if (!(acroEntry instanceof PDFDict)) catalog.set(PDFName.of('AcroForm'), acroForm);
    changed.push(catalogRef);
  }
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  let fields: PDFArray;
  if (fieldsEntry instanceof PDFRef && context.lookup(fieldsEntry) instanceof PDFArray) {
    fields = context.lookup(fieldsEntry) as PDFArray;
    changed.push(fieldsEntry);
  } else {
    fields = fieldsEntry instanceof PDFArray ? fieldsEntry : context.obj([]);
    acroForm.set(PDFName.of('Fields'), fields);
  }
  const flags = acroForm.get(PDFName.of('SigFlags'));
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(((flags instanceof PDFNumber ? flags.asNumber() : 0) | 3) >>> 0));

  const pages = doc.getPages();
  const page = look.page === 'first' ? pages[0] : pages[pages.length - 1];
  const sigRef = context.nextRef();
  const title = fieldName(fields, doc);
  const when = shownDate(look.time);
  const widget: Record<string, unknown> = {
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFHexString.fromText(title),
    V: sigRef,
    // Print and Locked: the box prints with the page and cannot be moved.
    F: 132,
    P: page.ref,
    Rect: [0, 0, 0, 0],
  };
  if (look.visible) {
    const lines = [`Digitally signed by ${signer.facts.name}`, `Date: ${when}`];
    if (look.reason.trim()) lines.push(`Reason: ${look.reason.trim()}`);
    if (look.location.trim()) lines.push(`Location: ${look.location.trim()}`);
    const place = boxPlace(page, look.corner);
    widget.Rect = place.rect;
    widget.AP = { N: await appearance(doc, lines, place.rotation) };
  }
  const widgetRef = context.register(context.obj(widget as never));
  fields.push(widgetRef);

  // The page's annotations: an indirect array changes in place; a direct one, or none, changes the page.
  const annotsEntry = page.node.get(PDFName.of('Annots'));
  if (annotsEntry instanceof PDFRef && context.lookup(annotsEntry) instanceof PDFArray) {
    (context.lookup(annotsEntry) as PDFArray).push(widgetRef);
    changed.push(annotsEntry);
  } else {
    const annots = annotsEntry instanceof PDFArray ? annotsEntry : context.obj([]);
    annots.push(widgetRef);
    page.node.set(PDFName.of('Annots'), annots);
    changed.push(page.ref);
  }

  // The signature dictionary is written as text: /ByteRange and /Contents are filled in once the file's bytes are final.
  const hexLength = Math.ceil(signer.maxSize / 1024) * 1024 * 2;
  const placeholder = '[0 0000000000 0000000000 0000000000]';
  const text = (value: string) => PDFHexString.fromText(value).toString();
  const sigBody =
    `<</Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ${placeholder} ` +
    `/Contents <${'0'.repeat(hexLength)}> /M (${pdfDate(look.time)}) /Name ${text(signer.facts.name)}` +
    (look.reason.trim() ? ` /Reason ${text(look.reason.trim())}` : '') +
    (look.location.trim() ? ` /Location ${text(look.location.trim())}` : '') +
    '>>';
  const update = appendUpdate(bytes, doc, tail, firstNew, changed, [{ ref: sigRef, body: sigBody }]);
  const out = update.bytes;
  const bodyAt = update.rawAt.get(sigRef)!;
  const rangeAt = bodyAt + sigBody.indexOf(placeholder);
  const contentsAt = bodyAt + sigBody.indexOf('/Contents <') + '/Contents '.length;
  const contentsEnd = contentsAt + hexLength + 2;
  const ranges = [0, contentsAt, contentsEnd, out.length - contentsEnd];
  const range = `[${ranges.join(' ')}]`.padEnd(placeholder.length, ' ');
  out.set(new TextEncoder().encode(range), rangeAt);

  const signed = new Uint8Array(contentsAt + (out.length - contentsEnd));
  signed.set(out.subarray(0, contentsAt), 0);
  signed.set(out.subarray(contentsEnd), contentsAt);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', signed));
  const cms = await signer.sign(digest);
  const hex = Array.from(cms, (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex.length > hexLength) throw new Error(`The signature (${cms.length} bytes) outgrew the space kept for it`);
  out.set(new TextEncoder().encode(hex), contentsAt + 1);
  return { bytes: out, earlier };
}
