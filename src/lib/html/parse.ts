/**
 * A forgiving HTML/XHTML parser for documents converted to PDF (mammoth's
 * output, EPUB chapters). Web Workers have no DOMParser, so this builds a
 * plain element tree: void elements, unclosed tags and entities are handled,
 * scripts and styles are dropped.
 */

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'image']);
const RAW_SKIP = new Set(['script', 'style', 'title', 'template']);
/** Opening one of these closes an open element of the same kind (HTML's implied end tags). */
const SELF_NESTING_CLOSES = new Set(['p', 'li', 'tr', 'td', 'th', 'dt', 'dd', 'option']);

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '', mdash: '—', ndash: '–', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', bull: '•', middot: '·', copy: '©',
  reg: '®', trade: '™', deg: '°', times: '×', divide: '÷', euro: '€', pound: '£', yen: '¥', sect: '§', para: '¶',
  eacute: 'é', egrave: 'è', agrave: 'à', aacute: 'á', ccedil: 'ç', ouml: 'ö', uuml: 'ü', auml: 'ä', szlig: 'ß',
  iacute: 'í', oacute: 'ó', uacute: 'ú', ntilde: 'ñ', ecirc: 'ê', thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003', zwj: '\u200d', zwnj: '\u200c',
};

/** Replaces character references (&amp; &#233; &#xE9; and common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[body] ?? ENTITIES[body.toLowerCase()] ?? match;
  });
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    attrs[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

// Sticky, and each alternative starts with a different character, so matching is linear.
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

/** Local name of a tag, lower-cased, without a namespace prefix (xhtml:p, svg:image). */
function localName(name: string): string {
  const lower = name.toLowerCase();
  const colon = lower.indexOf(':');
  return colon >= 0 ? lower.slice(colon + 1) : lower;
}

/** Parses HTML into a root element whose children are the document's top-level nodes. */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1];
  let lower: string | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      top().children.push(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i) top().children.push(decodeEntities(html.slice(i, lt)));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const end = html.indexOf(']]>', lt + 9);
      top().children.push(html.slice(lt + 9, end < 0 ? html.length : end));
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(html);
    if (!match) {
      top().children.push('<');
      i = lt + 1;
      continue;
    }
    i = lt + match[0].length;
    const tag = localName(match[2]);
    if (match[1]) {
      const index = stack.map((element) => element.tag).lastIndexOf(tag);
      if (index > 0) stack.length = index;
      continue;
    }
    const selfClosing = /\/\s*$/.test(match[3]);
    const element: HtmlElement = { tag, attrs: parseAttrs(match[3].replace(/\/\s*$/, '')), children: [] };
    if (RAW_SKIP.has(tag) && !selfClosing) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf(`</${match[2].toLowerCase()}`, i);
      const end = close < 0 ? -1 : html.indexOf('>', close);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (SELF_NESTING_CLOSES.has(tag) && top().tag === tag) stack.pop();
    top().children.push(element);
    if (!selfClosing && !VOID.has(tag)) stack.push(element);
  }
  return root;
}

/** The first element with the tag, depth first. */
export function findElement(node: HtmlElement, tag: string): HtmlElement | null {
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (child.tag === tag) return child;
    const found = findElement(child, tag);
    if (found) return found;
  }
  return null;
}

/** All text inside a node, entities decoded. */
export function textContent(node: HtmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textContent).join('');
}
