/**
 * Reading XML files safely into a small tree of our own. fast-xml-parser
 * does the parsing with entity processing off; a DOCTYPE that declares
 * entities is refused before parsing (billion laughs), any other DOCTYPE is
 * blanked out unread, and only the five predefined entities and character
 * references are decoded. Element and attribute names are held in arrays,
 * never as keys of plain objects, so names such as __proto__ cannot reach a
 * prototype.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ToolError } from '../errors';
import { runText } from '../i18n/run-messages';

export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlElement[];
  /** The element's own text (trimmed pieces joined), '' when none. */
  text: string;
}

export function emptyXmlMessage(name: string): string {
  return runText('run.xml.empty', { name });
}

export function invalidXmlMessage(name: string, reason: string, line: number, column: number): string {
  return runText('run.xml.invalid', { name, reason: reason.replace(/\.$/, ''), line, column });
}

export function entityDeclarationMessage(name: string): string {
  return runText('run.xml.entities', { name });
}

export function tooDeepMessage(name: string): string {
  return runText('run.xml.tooDeep', { name, max: MAX_DEPTH });
}

export const MAX_DEPTH = 100;

/** Decodes the bytes by BOM, then as UTF-8, then as the declared 8-bit encoding. */
export function decodeXml(bytes: Uint8Array, name: string): string {
  if (bytes.length === 0) throw new ToolError(emptyXmlMessage(name));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Line and column (1-based) of an index in the text. */
function position(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: index - start + 1 };
}

/**
 * Refuses a DOCTYPE with entity declarations and blanks out any other DOCTYPE
 * (keeping line breaks, so error positions stay right).
 */
function stripDoctype(text: string, name: string): string {
  const at = text.indexOf('<!DOCTYPE');
  if (at === -1) return text;
  // The internal subset ends at "]>"; a DOCTYPE without one ends at the first ">".
  const bracket = text.indexOf('[', at);
  const close = text.indexOf('>', at);
  let end = close;
  if (bracket !== -1 && (close === -1 || bracket < close)) {
    const subsetEnd = text.indexOf(']', bracket);
    end = subsetEnd === -1 ? -1 : text.indexOf('>', subsetEnd);
  }
  if (end === -1) {
    const { line, column } = position(text, at);
    throw new ToolError(invalidXmlMessage(name, runText('run.xml.reason.doctypeNotClosed'), line, column));
  }
  const doctype = text.slice(at, end + 1);
  if (/<!ENTITY/i.test(doctype)) throw new ToolError(entityDeclarationMessage(name));
  return text.slice(0, at) + doctype.replace(/[^\n]/g, ' ') + text.slice(end + 1);
}

// Every name gets this prefix inside fast-xml-parser so no name can ever be a special property there either.
const P = '\u0001';

type Ordered = Record<string, unknown>[];

/** Parses XML text into a tree; throws ToolError naming the file, line and column when it is not well-formed. */
export function parseXml(bytes: Uint8Array, name: string): XmlElement {
  const raw = decodeXml(bytes, name);
  if (raw.trim() === '') throw new ToolError(emptyXmlMessage(name));
  const text = stripDoctype(raw, name);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new ToolError(invalidXmlMessage(name, msg, line, col));
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: MAX_DEPTH,
    transformTagName: (tag) => P + tag,
    transformAttributeName: (attr) => P + attr,
  });
  let ordered: Ordered;
  try {
    ordered = parser.parse(text) as Ordered;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/nest/i.test(message)) throw new ToolError(tooDeepMessage(name));
    throw new ToolError(invalidXmlMessage(name, message || runText('run.xml.reason.unreadable'), 1, 1));
  }
  const roots = toElements(ordered);
  if (roots.length === 0) throw new ToolError(emptyXmlMessage(name));
  return roots[0];
}

function toElements(nodes: Ordered): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key[0] !== P) continue;
      const element: XmlElement = { name: key.slice(1), attributes: [], children: [], text: '' };
      const attrs = node[':@'] as Record<string, unknown> | undefined;
      if (attrs) for (const attr of Object.keys(attrs)) element.attributes.push([attr.slice(1), decodeEntities(String(attrs[attr]))]);
      const texts: string[] = [];
      for (const child of node[key] as Ordered) {
        if ('#text' in child) texts.push(decodeEntities(String(child['#text'])));
        else element.children.push(...toElements([child]));
      }
      element.text = texts.join(' ');
      out.push(element);
    }
  }
  return out;
}
