/**
 * The rooms of the code and what each may import (ARCHITECTURE.md), checked
 * on the source itself: every static import between files under src/ is read,
 * resolved, and held to the rules; and no chain of static imports comes back
 * to where it started.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');
const CODE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : CODE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/** Static `import … from` and `export … from` specifiers; dynamic import() loads later and cannot close a cycle at load time. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)) found.push(match[1]);
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]);
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile() && CODE.test(candidate)) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

const files = filesUnder(SRC);
const graph = new Map(
  files.map((file) => [
    file,
    specifiers(readFileSync(file, 'utf8'))
      .map((s) => resolveImport(file, s))
      .filter((target): target is string => target !== null),
  ]),
);
const room = (file: string) => relative(SRC, file).split('/')[0];
const inRoom = (file: string, ...rooms: string[]) => rooms.includes(room(file));

/** Imports from files in `rooms` into files in `forbidden`, as "from -> to". */
function crossings(rooms: string[], forbidden: string[]): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!inRoom(file, ...rooms)) continue;
    for (const target of targets) if (inRoom(target, ...forbidden)) out.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
  }
  return out;
}

describe('what each room may import', () => {
  it('reads a real import graph', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(graph.get(join(SRC, 'engine/ToolPage.tsx'))).toContain(join(SRC, 'engine/DropZone.tsx'));
  });

  it('the contract imports nothing from the rest of src', () => {
    expect(crossings(['contract'], ['engine', 'lib', 'processors', 'views', 'site', 'workflows', 'cli'])).toEqual([]);
  });

  it('lib and processors import nothing from the engine, views, site or command line', () => {
    expect(crossings(['lib', 'processors'], ['engine', 'views', 'site', 'workflows', 'cli'])).toEqual([]);
  });

  it('processors never import another processor', () => {
    expect(crossings(['processors'], ['processors'])).toEqual([]);
  });

  it('the engine imports no view and nothing from the site', () => {
    expect(crossings(['engine'], ['views', 'site', 'workflows'])).toEqual([]);
  });

  it('no chain of static imports comes back to where it started', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
