/**
 * Inputs for the PDF tool specs, built in Node (pdf-lib, jpeg-js, pngjs,
 * docx, fflate), and readers that parse the tools' outputs back (pdf.js text,
 * ZIP entries, JPEG sizes).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** A file under tests/fixtures, by its path there. */
export function fixture(path: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../tests/fixtures/${path}`, import.meta.url)));
}

/** A JPEG of deterministic noise over a gradient: photo-like and nearly incompressible at high quality. */
export function noisyJpeg(width: number, height: number, quality = 92, seed = 1): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < data.length; i += 4) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const v = state >>> 0;
    const x = (i / 4) % width;
    data[i] = ((x * 255) / width + (v & 63)) & 255;
    data[i + 1] = ((v >>> 8) & 127) + 64;
    data[i + 2] = (v >>> 16) & 255;
    data[i + 3] = 255;
  }
  return jpeg.encode({ width, height, data }, quality).data;
}

/** A JPEG filled with one colour. */
export function solidJpeg(width: number, height: number, rgb: [number, number, number]): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return jpeg.encode({ width, height, data }, 90).data;
}

/** An opaque PNG filled with one colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  return PNG.sync.write(png);
}

/** Pages each with a heading ("<label> page N") and a large noisy JPEG drawn 300 pt wide. */
export async function imageHeavyPdf(pages: number, label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`${label} page ${p + 1}`, { x: 50, y: 780, size: 20, font });
    const image = await doc.embedJpg(noisyJpeg(1200, 900, 92, p + 1));
    page.drawImage(image, { x: 50, y: 400, width: 300, height: 225 });
  }
  return Buffer.from(await doc.save());
}

/** A PDF whose pages hold the given lines of text (Helvetica 14 pt, 500 x 400 pt pages). */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([500, 400]);
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 350 - i * 24, size: 14, font }));
  }
  // Object streams leave nothing for the compressor to gain on a small text file.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** The table drawn by tablePdf: a header row and data rows, amounts right-aligned as printed tables are. */
export const TABLE = [
  ['Name', 'Code', 'Amount'],
  ['Alice Smith', '007', '1,234.50'],
  ['Bob', '42', '-12'],
];

/** One page with a title and TABLE drawn cell by cell. */
export async function tablePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([500, 400]);
  page.drawText('Quarterly figures', { x: 40, y: 360, size: 16, font: bold });
  TABLE.forEach((row, r) => {
    const y = 320 - r * 22;
    const f = r === 0 ? bold : font;
    page.drawText(row[0], { x: 40, y, size: 11, font: f });
    page.drawText(row[1], { x: 200, y, size: 11, font: f });
    page.drawText(row[2], { x: 400 - f.widthOfTextAtSize(row[2], 11), y, size: 11, font: f });
  });
  return Buffer.from(await doc.save());
}

/** A .docx with a heading and the given paragraphs (the second paragraph has a bold run). */
export async function docxFile(heading: string, paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((text, i) => new Paragraph({ children: [new TextRun({ text, bold: i === 1 })] })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** An EPUB 3 whose spine lists the chapters in the given order while the manifest lists them reversed. */
export function epubFile(title: string, chapters: { title: string; text: string }[]): Buffer {
  const container = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
  const items = chapters
    .map((_, i) => `<item id="c${i + 1}" href="chapter${i + 1}.xhtml" media-type="application/xhtml+xml"/>`)
    .reverse()
    .join('\n');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title><dc:identifier id="id">e2e</dc:identifier><dc:language>en</dc:language></metadata>
<manifest>${items}
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>
<spine>${chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('')}</spine>
</package>`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>
${chapters.map((c, i) => `<li><a href="chapter${i + 1}.xhtml">${c.title}</a></li>`).join('')}
</ol></nav></body></html>`;
  const files: Record<string, Uint8Array> = {
    // The mimetype entry comes first, as EPUB readers expect.
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(container),
    'OEBPS/content.opf': strToU8(opf),
    'OEBPS/nav.xhtml': strToU8(nav),
  };
  chapters.forEach((c, i) => {
    files[`OEBPS/chapter${i + 1}.xhtml`] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${c.title}</title></head>
<body><h1>${c.title}</h1><p>${c.text}</p></body></html>`);
  });
  return Buffer.from(zipSync(files));
}

interface QpdfModule {
  callMain(args: string[]): number;
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
}

/**
 * A "restrictions-only" copy of a PDF, made with the site's own qpdf WebAssembly: AES-256 with an
 * empty open password (every reader opens it) and an owner password forbidding printing and changes.
 */
export async function restrictedPdf(bytes: Uint8Array): Promise<Buffer> {
  const { default: createQpdf } = await import('@neslinesli93/qpdf-wasm');
  const options = { locateFile: (file: string, dir: string) => dir + file, print: () => {}, printErr: () => {} };
  const qpdf = (await (createQpdf as unknown as (o: typeof options) => Promise<QpdfModule>)(options)) as QpdfModule;
  qpdf.FS.writeFile('/in.pdf', new Uint8Array(bytes));
  // Emscripten's exit() sets process.exitCode, which would fail the test process.
  const exitCode = process.exitCode;
  try {
    const code = qpdf.callMain(['--encrypt', '--user-password=', '--owner-password=owner', '--bits=256', '--print=none', '--modify=none', '--', '/in.pdf', '/out.pdf']);
    if (code !== 0) throw new Error(`qpdf --encrypt failed with exit code ${code}`);
  } finally {
    process.exitCode = exitCode;
  }
  return Buffer.from(qpdf.FS.readFile('/out.pdf'));
}

/** The text of each page, read with pdf.js (legacy build for Node); `password` opens an encrypted file. */
export async function pdfPageTexts(bytes: Uint8Array, password?: string): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), password, useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The entries of a ZIP archive (docx, pptx, xlsx or a Download All file). */
export function zipEntries(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes));
}

/** Width and height of a JPEG, read by decoding it. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw new Error('Not a JPEG: no FF D8 FF signature');
  const image = jpeg.decode(bytes, { useTArray: true });
  return { width: image.width, height: image.height };
}

