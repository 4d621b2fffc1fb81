/**
 * Reading an EPUB: container.xml, then the OPF package (metadata, manifest,
 * spine order), the table of contents (EPUB 3 nav or EPUB 2 NCX) and the
 * chapter and image files, all from a size-checked unzip. The reading order
 * may list XHTML chapters, SVG pages and (in fixed-layout books such as
 * manga) images.
 */
import { XMLParser } from 'fast-xml-parser';
import { ToolError } from '../errors';
import { findElement, parseHtml, textContent, type HtmlElement } from './parse';
import { looksLikeZip, readZip, zipBombMessage } from '../zip';
import { runText } from '../i18n/run-messages';

export interface EpubChapter {
  path: string;
  /** An XHTML chapter, an SVG document, or an image listed in the reading order. */
  kind: 'html' | 'svg' | 'image';
  /** The source of an XHTML or SVG chapter; empty for an image. */
  html: string;
  /** The chapter is a fixed page (rendition:layout pre-paginated, for the book or this item). */
  fixed: boolean;
}

export interface EpubTocEntry {
  title: string;
  /** Archive path of the chapter the entry opens (fragment removed). */
  path: string;
}

export interface EpubBook {
  title: string;
  chapters: EpubChapter[];
  toc: EpubTocEntry[];
  files: Record<string, Uint8Array>;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  isArray: (name) => ['rootfile', 'item', 'itemref', 'navPoint', 'title', 'meta'].includes(name),
});

type XmlNode = Record<string, unknown>;

/** Resolves an href against the directory of `base` (both archive paths), dropping any #fragment. */
export function resolvePath(base: string, href: string): string {
  let decoded = href.split('#')[0];
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Keep the href as written when it is not valid percent-encoding.
  }
  const parts = decoded.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

function text(bytes: Uint8Array | undefined): string {
  if (!bytes) return '';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

function parseXml(source: string, message: string): XmlNode {
  try {
    return xml.parse(source) as XmlNode;
  } catch {
    throw new ToolError(message);
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']);
  return '';
}

/** Flattens an EPUB 3 nav document's toc list, in reading order. */
function navEntries(navPath: string, source: string): EpubTocEntry[] {
  const root = parseHtml(source);
  const navs: HtmlElement[] = [];
  const collect = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      if (child.tag === 'nav') navs.push(child);
      else collect(child);
    }
  };
  collect(root);
  const nav = navs.find((n) => /\btoc\b/.test(n.attrs['epub:type'] ?? n.attrs.role ?? '')) ?? navs[0];
  if (!nav) return [];
  const entries: EpubTocEntry[] = [];
  const walk = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      if (child.tag === 'a' && child.attrs.href) {
        const title = textContent(child).replace(/\s+/g, ' ').trim();
        if (title) entries.push({ title, path: resolvePath(navPath, child.attrs.href) });
      } else walk(child);
    }
  };
  walk(findElement(nav, 'ol') ?? nav);
  return entries;
}

/** Flattens an NCX navMap, in reading order. */
function ncxEntries(ncxPath: string, source: string): EpubTocEntry[] {
  const doc = parseXml(source, 'unused');
  const entries: EpubTocEntry[] = [];
  const walk = (points: unknown) => {
    if (!Array.isArray(points)) return;
    for (const point of points as XmlNode[]) {
      const label = asText(((point.navLabel as XmlNode | undefined)?.text as unknown) ?? '').trim();
      const src = String((point.content as XmlNode | undefined)?.['@_src'] ?? '');
      if (label && src) entries.push({ title: label, path: resolvePath(ncxPath, src) });
      walk(point.navPoint);
    }
  };
  walk(((doc.ncx as XmlNode | undefined)?.navMap as XmlNode | undefined)?.navPoint);
  return entries;
}

/** What a reading-order item is, by its media type; null for types that cannot be shown. */
function chapterKind(type: string): EpubChapter['kind'] | null {
  if (/html/.test(type)) return 'html';
  if (type === 'image/svg+xml') return 'svg';
  if (/^image\/(jpeg|png|gif|webp)$/.test(type)) return 'image';
  return null;
}

/** Reads an EPUB; throws ToolError naming the file for non-EPUB, damaged, DRM-protected or oversized books. */
export function readEpub(name: string, bytes: Uint8Array): EpubBook {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.epub.empty', { name }));
  if (!looksLikeZip(bytes)) throw new ToolError(runText('run.epub.notEpub', { name }));
  const damaged = runText('run.epub.damaged', { name });
  const files = readZip(bytes, {
    damaged,
    tooLarge: runText('run.epub.tooLarge', { name }),
    bomb: zipBombMessage(name),
  });
  const container = files['META-INF/container.xml'];
  if (!container) throw new ToolError(runText('run.epub.noContainer', { name }));
  const rootfiles = ((parseXml(text(container), damaged).container as XmlNode | undefined)?.rootfiles as XmlNode | undefined)?.rootfile;
  const opfPath = Array.isArray(rootfiles) ? String((rootfiles[0] as XmlNode)['@_full-path'] ?? '') : '';
  const opfBytes = files[opfPath];
  if (!opfBytes) throw new ToolError(runText('run.epub.noPackage', { name, path: opfPath || 'content.opf' }));
  const pkg = parseXml(text(opfBytes), damaged).package as XmlNode | undefined;
  if (!pkg) throw new ToolError(damaged);

  const manifest = new Map<string, { path: string; type: string; properties: string }>();
  for (const item of ((pkg.manifest as XmlNode | undefined)?.item as XmlNode[] | undefined) ?? []) {
    const id = String(item['@_id'] ?? '');
    const href = String(item['@_href'] ?? '');
    if (id && href) manifest.set(id, { path: resolvePath(opfPath, href), type: String(item['@_media-type'] ?? ''), properties: String(item['@_properties'] ?? '') });
  }
  const spine = pkg.spine as XmlNode | undefined;
  const metadata = pkg.metadata as XmlNode | undefined;
  const bookFixed = ((metadata?.meta as XmlNode[] | undefined) ?? []).some(
    (meta) => meta['@_property'] === 'rendition:layout' && asText(meta).trim() === 'pre-paginated',
  );
  const chapterPaths = ((spine?.itemref as XmlNode[] | undefined) ?? []).flatMap((ref) => {
    const item = manifest.get(String(ref['@_idref'] ?? ''));
    const kind = item && chapterKind(item.type);
    if (!item || !kind || !files[item.path]) return [];
    const properties = String(ref['@_properties'] ?? '');
    const fixed = /rendition:layout-pre-paginated/.test(properties) || (bookFixed && !/rendition:layout-reflowable/.test(properties));
    return [{ path: item.path, kind, fixed }];
  });
  if (chapterPaths.length === 0) throw new ToolError(runText('run.epub.noChapters', { name }));

  const encryption = text(files['META-INF/encryption.xml']);
  if (encryption && chapterPaths.some((chapter) => encryption.includes(chapter.path.split('/').pop() ?? '\u0000'))) {
    throw new ToolError(runText('run.epub.drm', { name }));
  }

  let toc: EpubTocEntry[] = [];
  const nav = [...manifest.values()].find((item) => /\bnav\b/.test(item.properties));
  if (nav && files[nav.path]) toc = navEntries(nav.path, text(files[nav.path]));
  const ncx = manifest.get(String(spine?.['@_toc'] ?? '')) ?? [...manifest.values()].find((item) => item.type === 'application/x-dtbncx+xml');
  if (toc.length === 0 && ncx && files[ncx.path]) {
    try {
      toc = ncxEntries(ncx.path, text(files[ncx.path]));
    } catch {
      toc = [];
    }
  }
  const titles = metadata?.title as unknown[] | undefined;
  return {
    title: asText(titles?.[0]).trim(),
    chapters: chapterPaths.map((item) => ({ ...item, html: item.kind === 'image' ? '' : text(files[item.path]) })),
    toc,
    files,
  };
}
