/**
 * Node only, for tests, the OCR benchmark and the end-to-end spec: builds a
 * realistic scanned PDF (text drawn on a page-sized picture at 200 DPI with
 * sensor noise and JPEG compression, the picture placed as the page's only
 * content, no text layer) and measures word accuracy of what OCR read back.
 * Never imported by the site.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { seededRandom } from '../seeded-random';

const SERIF = 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf';
/** Covers Chinese and Japanese, for scans in those languages. */
export const CJK_FONT = 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
const families = new Map<string, string>();

/** Registers a font file with the canvas once and returns its family name. */
function family(path: string): string {
  let name = families.get(path);
  if (!name) {
    name = `Scan Fixture ${families.size + 1}`;
    GlobalFonts.registerFromPath(path, name);
    families.set(path, name);
  }
  return name;
}

/** A short English text with capitals, digits and punctuation, as found in letters and reports. */
export const SAMPLE_TEXT = [
  'The annual report of the river authority was published on 14 March.',
  'It describes how the water level changed during a dry summer and a',
  'very wet autumn, when several villages near the northern bridge were',
  'flooded for almost three weeks. Engineers measured the flow at twelve',
  'stations and found that the old dam still holds more water than any',
  'other structure in the valley. The board approved a budget of 250,000',
  'euros to repair the gates, clean the channels and plant new trees',
  'along both banks before the next winter arrives in the region.',
];

export interface ScanOptions {
  /** Resolution of the scan; the page is A4. */
  dpi?: number;
  /** Standard deviation of the grey-level noise, 0..255. */
  noise?: number;
  /** Text size in points. */
  pointSize?: number;
  /** Seed of the noise, so a scan is the same on every run. */
  seed?: number;
  /** Font file the text is printed in (default DejaVu Serif). */
  font?: string;
}


const A4 = { width: 595.28, height: 841.89 };

/** One scanned A4 page as JPEG bytes: the lines in black serif on off-white paper, with noise. */
export function scanJpeg(lines: readonly string[], options: ScanOptions = {}): { jpeg: Uint8Array; width: number; height: number } {
  const { dpi = 200, noise = 12, pointSize = 12, seed = 7, font = SERIF } = options;
  const px = dpi / 72;
  const width = Math.round(A4.width * px);
  const height = Math.round(A4.height * px);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f2ec';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#1a1a1a';
  g.font = `${pointSize * px}px "${family(font)}"`;
  lines.forEach((line, i) => g.fillText(line, 72 * px, (100 + i * pointSize * 1.6) * px));
  const image = g.getImageData(0, 0, width, height);
  const next = seededRandom(seed);
  for (let i = 0; i < image.data.length; i += 4) {
    // Gaussian noise by Box-Muller, the same on all three channels, as from a grey sensor.
    const n = Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next()) * noise;
    for (let c = 0; c < 3; c++) image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c]! + n));
  }
  g.putImageData(image, 0, 0);
  return { jpeg: new Uint8Array(canvas.encodeSync('jpeg', 85)), width, height };
}

/** A PDF of A4 pages, each only a scan of its lines (no text layer); also returns each page's JPEG. */
export async function scannedPdf(pages: readonly (readonly string[])[], options: ScanOptions = {}): Promise<{ bytes: Uint8Array; jpegs: Uint8Array[] }> {
  const doc = await PDFDocument.create();
  const jpegs: Uint8Array[] = [];
  for (const [i, lines] of pages.entries()) {
    const { jpeg } = scanJpeg(lines, { ...options, seed: (options.seed ?? 7) + i });
    jpegs.push(jpeg);
    const image = await doc.embedJpg(jpeg);
    doc.addPage([A4.width, A4.height]).drawImage(image, { x: 0, y: 0, width: A4.width, height: A4.height });
  }
  return { bytes: await doc.save(), jpegs };
}

/** The words of a text, compared without surrounding punctuation. */
export function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Share of the expected words read exactly and in order (longest common subsequence of the word lists). */
export function wordAccuracy(expected: string, actual: string): number {
  const a = words(expected);
  const b = words(actual);
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return a.length === 0 ? 1 : previous[b.length]! / a.length;
}
