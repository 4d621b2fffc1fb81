/**
 * The `filedesk` command as the tests run it: built as it ships
 * (vite.cli.config.ts) into a folder of the test's own under
 * node_modules/.cache, so test files never race for one build and dist-cli/
 * is left alone, or taken from FILEDESK_CLI_DIR when set; and the generated
 * files the tests feed it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The folder of the built command for a test file; builds it unless FILEDESK_CLI_DIR names one. */
export function cliBundle(name: string): string {
  if (process.env.FILEDESK_CLI_DIR) return process.env.FILEDESK_CLI_DIR;
  const dir = join(root, 'node_modules', '.cache', name);
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.cli.config.ts'], {
    cwd: root,
    env: { ...process.env, CLI_DIST_DIR: dir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The CLI build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

/** What a run of the command printed, and its exit code. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command in `bundle` as a user would, from `cwd`, with `env` added to the environment. */
export function runFiledesk(bundle: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(bundle, 'filedesk.js'), ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A PDF of `pages` pages, each with its label and number in text and a green box. */
export async function labelledPdf(pages: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([400, 300]);
    page.drawText(`${label}, page ${p + 1}`, { x: 30, y: 250, size: 18, font });
    page.drawRectangle({ x: 30, y: 30, width: 100, height: 80, color: rgb(0.1, 0.5, 0.3) });
  }
  return doc.save();
}

/** A smooth RGBA gradient, different for each seed. */
export function gradient(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 4 + seed * 30) & 255;
      data[i + 1] = (y * 5) & 255;
      data[i + 2] = (128 + seed * 10) & 255;
      data[i + 3] = 255;
    }
  }
  return data;
}

export function gradientJpg(width: number, height: number, seed: number): Buffer {
  return jpeg.encode({ width, height, data: gradient(width, height, seed) }, 95).data;
}

/** The mean difference per colour channel of two RGBA buffers (0 to 255). */
export function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i] - b[i]);
  return sum / ((a.length / 4) * 3);
}

export function gradientPng(width: number, height: number, seed: number): Buffer {
  const image = new PNG({ width, height });
  gradient(width, height, seed).copy(image.data);
  return PNG.sync.write(image);
}
