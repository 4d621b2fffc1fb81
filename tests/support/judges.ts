/**
 * Independent programs that judge outputs (qpdf, pdftotext, Ghostscript,
 * ImageMagick, ffmpeg, LibreOffice). `.ci/run` installs every one of them, so
 * under CI a missing judge is a broken machine and the test that needs it
 * fails. On a developer's machine the test is skipped instead, and the reason
 * is printed once.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { it, type TestFunction } from 'vitest';

/** The programs, by the command each test calls. ImageMagick's `convert` and `identify` by full path: another `convert` may come first on PATH. */
export const JUDGES = {
  qpdf: 'qpdf',
  pdftotext: 'pdftotext',
  pdfinfo: 'pdfinfo',
  pdftoppm: 'pdftoppm',
  pdfsig: 'pdfsig',
  pdffonts: 'pdffonts',
  gs: 'gs',
  convert: '/usr/bin/convert',
  identify: '/usr/bin/identify',
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  soffice: 'soffice',
} as const;
export type Judge = keyof typeof JUDGES;

const found = new Map<Judge, boolean>();
const told = new Set<Judge>();

/** Whether a command runs: a full path as it stands, a bare name through PATH, as execFile finds it. */
function runnable(command: string): boolean {
  const places = command.includes('/') ? [command] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  return places.some((place) => {
    try {
      accessSync(place, constants.X_OK);
      return statSync(place).isFile();
    } catch {
      return false;
    }
  });
}

function installed(judge: Judge): boolean {
  let known = found.get(judge);
  if (known === undefined) {
    known = runnable(JUDGES[judge]);
    found.set(judge, known);
  }
  return known;
}

/** True under CI, where every judge must be present. */
export const underCi = (): boolean => !!process.env.CI && process.env.CI !== '0' && process.env.CI !== 'false';

/**
 * True when every judge named is installed. Under CI a missing one throws,
 * so the test fails; elsewhere it returns false after saying which is missing.
 */
export function hasJudges(...judges: Judge[]): boolean {
  const missing = judges.filter((judge) => !installed(judge));
  if (missing.length === 0) return true;
  const names = missing.map((judge) => JUDGES[judge]).join(', ');
  if (underCi()) throw new Error(`${names} ${missing.length === 1 ? 'is' : 'are'} not installed: .ci/run installs every judge, so under CI this test cannot be skipped.`);
  for (const judge of missing) {
    if (told.has(judge)) continue;
    told.add(judge);
    console.warn(`Skipping the tests judged by ${JUDGES[judge]}: it is not installed (apt-get install the package .ci/run names).`);
  }
  return false;
}

/** The full command to run a judge with (ImageMagick by its full path). */
export const judgeCommand = (judge: Judge): string => JUDGES[judge];

/**
 * `it` for a test judged by other programs: skipped with its reason on a
 * developer's machine that lacks one, failing under CI.
 */
export function itJudgedBy(judges: Judge | Judge[], name: string, fn: TestFunction, timeout?: number): void {
  const list = Array.isArray(judges) ? judges : [judges];
  if (underCi()) {
    it(
      name,
      (context) => {
        hasJudges(...list);
        return fn(context);
      },
      timeout,
    );
    return;
  }
  it.skipIf(!hasJudges(...list))(name, fn, timeout);
}
