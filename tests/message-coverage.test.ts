/**
 * Every user-facing message literal of every manifest must be asserted by
 * some test. This collects the literals (messages, field messages, check
 * messages, demo success messages) and fails, naming them, when one appears
 * in no unit, component or end-to-end test file. {n} and {files} stand for
 * any count, so a test may assert the filled-in message. A tool's real
 * success message counts only when the tool has a processor: without one it
 * is never shown. NEVER_SHOWN lists, with reasons, the few engine messages
 * of bespoke views that never reach them, each with the view's code that
 * keeps them hidden, checked below.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolManifest } from '../schemas/manifest';
import { allTools } from './support/catalogue';

const root = new URL('..', import.meta.url).pathname;
const SELF = 'tests/message-coverage.test.ts';

export interface Literal {
  text: string;
  /** Where it comes from, for the failure message: slug and key. */
  sources: string[];
}

/** The message literals of one manifest, as [key, text] pairs. */
export function manifestLiterals(tool: ToolManifest): [string, string][] {
  const found: [string, string][] = [];
  for (const [key, text] of Object.entries(tool.messages)) {
    // The real success message follows real processing only; a tool with no processor can never show it.
    if ((key === 'success' || key === 'successTitle') && !tool.processor) continue;
    if (typeof text === 'string') found.push([`messages.${key}`, text]);
  }
  for (const field of tool.options) {
    for (const key of ['invalidMessage', 'requiredMessage', 'minLengthMessage'] as const) {
      const text = (field as Record<string, unknown>)[key];
      if (typeof text === 'string') found.push([`options.${field.name}.${key}`, text]);
    }
  }
  tool.checks.forEach((check, i) => found.push([`checks[${i}].message`, check.message]));
  found.push(['simulation.success', tool.simulation.success]);
  return found.filter(([, text]) => text.trim() !== '');
}

/** All literals of all manifests, each once, with where it is used. */
export function allLiterals(tools: readonly ToolManifest[]): Literal[] {
  const byText = new Map<string, Literal>();
  for (const tool of tools) {
    for (const [key, text] of manifestLiterals(tool)) {
      const entry = byText.get(text) ?? { text, sources: [] };
      entry.sources.push(`${tool.slug} ${key}`);
      byText.set(text, entry);
    }
  }
  return [...byText.values()];
}

/**
 * A pattern for a literal: {n} and {files} match a number, a template
 * expression or the token itself; any other {token} (a language, a
 * percentage) matches any text on the line.
 */
export function literalPattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    escaped
      .replace(/\\\{n:(\w+)\\\|(\w+)\\\}/g, '(?:$1|$2)')
      .replace(/\\\{(n|files)\\\}/g, '(?:\\d+|\\$\\{[^}]*\\}|\\{$1\\})')
      .replace(/\\\{([a-zA-Z]+)\\\}/g, '.+?'),
  );
}

/**
 * Whether a bespoke view can start the engine's run or a download: through
 * the run controls of the frame it renders (ToolFrame, or a frame of
 * src/views/shared/ built on it) unless it replaces them (`controls`), or by
 * calling the page's submit or the run state's run and downloads
 * (useToolPage) itself.
 */
export function viewRunsEngine(view: string): boolean {
  const keepsFrameControls = !/\bcontrols=\{/.test(view);
  return keepsFrameControls || /\bsubmit\b|\brun\.(?:run|download|downloadAll)\b|\buseToolRun\b/.test(view);
}

interface Exclusion {
  /** Why no visitor can see the literal. */
  reason: string;
  /** The view's code that keeps it hidden: the test fails when the view no longer holds. */
  holds: (view: string) => boolean;
}

/** A view that converts as it is typed: it never runs the engine, so no run or download message can show. */
const NEVER_RUNS: Exclusion = {
  reason: 'src/views/text-case-converter.tsx converts on every keystroke and only copies; it has no run and no download',
  holds: (view) => !viewRunsEngine(view),
};

/**
 * Literals no visitor can ever see, by source ("slug key"). Only engine
 * messages of bespoke views that never reach them belong here.
 */
export const NEVER_SHOWN: Record<string, Exclusion> = {
  'text-to-speech simulation.success': {
    reason: 'in demo mode Play speaks with the browser before the engine runs, and Download MP3 is a notice: the simulation never runs',
    holds: (view) =>
      /if \(!page\.run\.real\b[^\n]*\) \{\s*speak\(values\);\s*return null;/.test(view) && /if \(!run\.real\) return notify\.info\(/.test(view),
  },
  'text-case-converter messages.noFile': NEVER_RUNS,
  'text-case-converter messages.downloadFirst': NEVER_RUNS,
  'text-case-converter simulation.success': NEVER_RUNS,
};

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === '__snapshots__' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** The test files whose text counts: unit and component tests, and Playwright specs. */
export function testFiles(): string[] {
  const isTest = (rel: string) =>
    ((rel.startsWith('src/') || rel.startsWith('tests/')) && /\.test\.tsx?$/.test(rel)) ||
    (rel.startsWith('e2e/') && /\.spec\.ts$/.test(rel));
  return ['src', 'tests', 'e2e']
    .flatMap((dir) => walk(join(root, dir)))
    .map((path) => relative(root, path))
    .filter((rel) => isTest(rel) && rel !== SELF);
}

/** A test file's text with quote escapes undone, so 'CSV \'split\'' matches CSV 'split'. */
function readTest(rel: string): string {
  return readFileSync(join(root, rel), 'utf8').replace(/\\(['"`\\])/g, '$1');
}

describe('message coverage', () => {
  const literals = allLiterals(allTools);
  const files = testFiles();
  const corpus = files.map(readTest);

  it('finds the manifests, their literals and the test files', () => {
    expect(allTools.length).toBeGreaterThan(0);
    expect(literals.length).toBeGreaterThan(150);
    expect(files).toContain('tests/pdf-tools.test.tsx');
    expect(files).not.toContain(SELF);
  });

  it('treats {n} and {files} as any count', () => {
    const pattern = literalPattern("CSV 'split' into {n} parts successfully! (Mock)");
    expect(pattern.test("CSV 'split' into 5 parts successfully! (Mock)")).toBe(true);
    expect(pattern.test("CSV 'split' into ${parts} parts successfully! (Mock)")).toBe(true);
    expect(pattern.test("CSV 'split' into parts successfully! (Mock)")).toBe(false);
    expect(literalPattern('Done (1+1).').test('Done (1+1).')).toBe(true);
    expect(literalPattern('Cannot translate {source} into {target}.').test('Cannot translate English into French.')).toBe(true);
    expect(literalPattern('Cannot translate {source} into {target}.').test('Cannot translate into French.')).toBe(false);
  });

  it('excludes only engine messages of views that never reach them', () => {
    const sources = new Set(literals.flatMap((l) => l.sources));
    for (const [source, exclusion] of Object.entries(NEVER_SHOWN)) {
      expect(sources, `stale exclusion ${source}`).toContain(source);
      const slug = source.split(' ')[0];
      const tool = allTools.find((t) => t.slug === slug)!;
      expect(tool.view, `${slug} has no bespoke view`).toBeTruthy();
      const view = readFileSync(join(root, 'src/views', `${tool.view}.tsx`), 'utf8');
      expect(exclusion.holds(view), `${source} can be shown now: ${exclusion.reason} no longer holds`).toBe(true);
    }
  });

  it('sees every way a view runs the engine', () => {
    expect(viewRunsEngine('<ToolFrame page={page} help={<Help />} />')).toBe(true);
    expect(viewRunsEngine('<ShownPageFrame page={page} shown={shown} />')).toBe(true);
    expect(viewRunsEngine('<ToolFrame page={page} controls={<Copy />} />\nonClick={() => page.submit()}')).toBe(true);
    expect(viewRunsEngine('<ToolFrame page={page} controls={<Copy />} />\nonClick={() => run.download(run.results[0])}')).toBe(true);
    expect(viewRunsEngine('<ToolFrame page={page} controls={<Copy />} />')).toBe(false);
    // Every bespoke view of a tool that runs on files, whose messages no exclusion covers, is seen as running.
    const excluded = new Set(Object.keys(NEVER_SHOWN).map((source) => source.split(' ')[0]));
    for (const tool of allTools.filter((t) => t.view && !excluded.has(t.slug))) {
      const view = readFileSync(join(root, 'src/views', `${tool.view}.tsx`), 'utf8');
      expect(viewRunsEngine(view), tool.slug).toBe(true);
    }
  });

  it('asserts every manifest message literal in at least one test', () => {
    const missing = literals
      .filter((literal) => !literal.sources.every((source) => source in NEVER_SHOWN))
      .filter((literal) => {
        const pattern = literalPattern(literal.text);
        return !corpus.some((text) => pattern.test(text));
      })
      .map((literal) => `${JSON.stringify(literal.text)}  (${literal.sources.join(', ')})`);
    expect(missing, `Message literals asserted by no test:\n${missing.join('\n')}`).toEqual([]);
  });
});
