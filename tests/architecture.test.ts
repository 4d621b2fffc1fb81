/**
 * The rooms of the code and what each may import (ARCHITECTURE.md), checked
 * on the source itself. Every file under src/ (tests aside) is parsed, and each
 * of its imports becomes an edge of one graph: static `import … from` and
 * `export … from` (type-only ones too, since they still tie one room's code to
 * another's), dynamic `import('…')` and `typeof import('…')` with a literal
 * specifier, and `import.meta.glob` patterns, which Vite turns into imports of
 * every file they match. Relative and root-relative specifiers resolve to
 * files; bare ones to the package they name (`npm:react`, `npm:@radix-ui/themes`),
 * so a rule can forbid a package as well as a room. The graph is then held to
 * the rules, and no chain of imports may come back to where it started: a
 * dynamic or glob edge closes a cycle as surely as a static one once both
 * modules have loaded, and bundles split along such cycles in surprising ways.
 * Computed specifiers (`import(name)`) cannot be followed and are not counted;
 * nor are worker entries (`new Worker(new URL(…))`), which start a graph of
 * their own.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');
const CODE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

type EdgeKind = 'static' | 'type' | 'dynamic' | 'glob';

/** One import: the node it leads to, how it was written, and the specifier or glob pattern that wrote it. */
interface Edge {
  to: string;
  kind: EdgeKind;
  via: string;
}

/**
 * Files are named by their path from the repository root ("src/engine/ToolPage.tsx"),
 * packages as "npm:<name>", Node's own modules as "node:<name>", Vite's as "virtual:<name>".
 */
type Graph = Map<string, Edge[]>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : CODE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

const posix = (path: string) => path.split(sep).join('/');
const fromRoot = (absolute: string) => posix(relative(ROOT, absolute));

/** The package a bare specifier or a path inside node_modules names: "pdfjs-dist/legacy/x.mjs" is "pdfjs-dist", "@radix-ui/themes/y" is "@radix-ui/themes". */
function packageName(path: string): string {
  const parts = path.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The node an absolute path stands for: a file of the repository, or the package it lies in. */
function nodeOfPath(absolute: string): string {
  const path = fromRoot(absolute);
  const modules = /(?:^|\/)node_modules\/(.+)$/.exec(path);
  return modules ? `npm:${packageName(modules[1])}` : path;
}

/** The node a specifier leads to, or null when it names a file that is not there. Vite's `?url`, `?raw` and the like do not change the file. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (/^(node|virtual):/.test(specifier)) return specifier;
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return `npm:${packageName(specifier)}`;
  const path = specifier.replace(/[?#].*$/, '');
  const base = path.startsWith('/') ? join(ROOT, path) : resolve(dirname(from), path);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  // A module written as "./x.js" in ESM style is x.ts on disk.
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  const found = candidates.find(isFile);
  return found ? nodeOfPath(found) : null;
}

/** "{a,b}/*.{x,y}" as the four patterns it stands for. */
function expandBraces(pattern: string): string[] {
  const group = /\{([^{}]*)\}/.exec(pattern);
  if (!group) return [pattern];
  const [before, after] = [pattern.slice(0, group.index), pattern.slice(group.index + group[0].length)];
  return group[1].split(',').flatMap((choice) => expandBraces(before + choice + after));
}

const MAGIC = /[*?[]/;

function segmentMatcher(segment: string): RegExp {
  const body = segment.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** The files an absolute glob (`*`, `?`, `[…]`, `**`, no braces) matches, walked one path segment at a time so only the folders it names are read. */
function walkGlob(dir: string, segments: string[]): string[] {
  if (segments.length === 0) return isFile(dir) ? [dir] : [];
  const [segment, ...rest] = segments;
  if (!MAGIC.test(segment)) return walkGlob(join(dir, segment), rest);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  if (segment === '**') {
    const deeper = entries.filter((name) => statSync(join(dir, name)).isDirectory()).flatMap((name) => walkGlob(join(dir, name), segments));
    return [...walkGlob(dir, rest), ...deeper];
  }
  const matcher = segmentMatcher(segment);
  return entries.filter((name) => matcher.test(name)).flatMap((name) => walkGlob(join(dir, name), rest));
}

/** The files `import.meta.glob(patterns)` in `from` imports: Vite's relative and root-relative patterns, "!" excluding. */
function globMatches(from: string, patterns: string[]): Array<{ file: string; pattern: string }> {
  const absolute = (pattern: string) => (pattern.startsWith('/') ? join(ROOT, pattern) : resolve(dirname(from), pattern));
  const matches = (pattern: string) => expandBraces(pattern).flatMap((one) => walkGlob('/', absolute(one).split('/').filter(Boolean)));
  const excluded = new Set(patterns.filter((p) => p.startsWith('!')).flatMap((p) => matches(p.slice(1))));
  const found = new Map<string, string>();
  for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
    for (const file of matches(pattern)) if (!excluded.has(file) && !found.has(file)) found.set(file, pattern);
  }
  return [...found].map(([file, pattern]) => ({ file, pattern }));
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

interface Unresolved {
  from: string;
  via: string;
}

/** The imports of one file, as written; `unresolved` gets the relative ones that lead nowhere and the globs that match nothing. */
function importsOf(file: string, unresolved: Unresolved[]): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: string, kind: EdgeKind) => {
    const to = resolveSpecifier(file, specifier);
    if (to) edges.push({ to, kind, via: specifier });
    else unresolved.push({ from: fromRoot(file), via: specifier });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(literal(node.moduleSpecifier) ?? '', typeOnlyImport(node) ? 'type' : 'static');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(literal(node.moduleSpecifier) ?? '', node.isTypeOnly ? 'type' : 'static');
    } else if (ts.isImportTypeNode(node)) {
      const specifier = ts.isLiteralTypeNode(node.argument) ? literal(node.argument.literal) : undefined;
      if (specifier !== undefined) add(specifier, 'type');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      // A computed specifier cannot be followed; Vite cannot bundle it either.
      const specifier = literal(node.arguments[0]);
      if (specifier !== undefined) add(specifier, 'dynamic');
    } else if (ts.isCallExpression(node) && node.expression.getText(source) === 'import.meta.glob') {
      const first = node.arguments[0];
      const patterns = first && ts.isArrayLiteralExpression(first) ? first.elements.map(literal) : [literal(first)];
      const written = patterns.filter((p): p is string => p !== undefined);
      const matched = globMatches(file, written);
      if (matched.length === 0) unresolved.push({ from: fromRoot(file), via: written.join(', ') });
      for (const { file: target, pattern } of matched) edges.push({ to: nodeOfPath(target), kind: 'glob', via: pattern });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The room of a node: "engine" for src/engine/…, "." for a file at the top of src, undefined outside src. */
function roomOf(node: string): string | undefined {
  const parts = node.split('/');
  if (parts[0] !== 'src') return undefined;
  return parts.length > 2 ? parts[1] : '.';
}

/** What a rule forbids: rooms of src, and packages by name ("react") or scope ("@radix-ui/*"). */
interface Forbidden {
  rooms?: string[];
  packages?: string[];
}

/** A crossing a rule knows about and tolerates: the edges `from` wrote with `via`. */
interface Exception {
  from: string;
  via: string;
}

function isException(exception: Exception, from: string, edge: Edge): boolean {
  return exception.from === from && exception.via === edge.via;
}

function forbids(forbidden: Forbidden, node: string): boolean {
  const room = roomOf(node);
  if (room !== undefined && forbidden.rooms?.includes(room)) return true;
  if (!node.startsWith('npm:')) return false;
  const name = node.slice('npm:'.length);
  return (forbidden.packages ?? []).some((p) => (p.endsWith('/*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

/** The imports from files in `rooms` that a rule forbids, as "from -> to", one per pair of files. */
function crossings(graph: Graph, rooms: string[], forbidden: Forbidden, exceptions: Exception[] = []): string[] {
  const out = new Set<string>();
  for (const [file, edges] of graph) {
    const room = roomOf(file);
    if (room === undefined || !rooms.includes(room)) continue;
    for (const edge of edges) {
      if (!forbids(forbidden, edge.to)) continue;
      if (exceptions.some((e) => isException(e, file, edge))) continue;
      out.add(`${file} -> ${edge.to}`);
    }
  }
  return [...out].sort();
}

/**
 * Chains of imports that come back to where they started, one for each edge that closes one, as "a -> b -> a".
 * Only the edges `follow` keeps are walked.
 */
function cycles(graph: Graph, follow: (from: string, edge: Edge) => boolean = () => true): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const edge of graph.get(node) ?? []) {
      if (!follow(node, edge)) continue;
      const { to } = edge;
      if (state.get(to) === 'open') found.push([...path.slice(path.indexOf(to)), to].join(' -> '));
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

const files = filesUnder(SRC);
const unresolved: Unresolved[] = [];
const graph: Graph = new Map(files.map((file) => [fromRoot(file), importsOf(file, unresolved)]));
const allRooms = [...new Set([...graph.keys()].map(roomOf))].filter((room): room is string => room !== undefined);

/** The page's libraries, which neither the run's own code nor the command line may load. */
const REACT_PACKAGES = ['react', 'react-dom', 'react-hook-form', '@radix-ui/*', 'lucide-react', 'react-dropzone', 'react-hot-toast', '@tanstack/*'];

/**
 * The engine finds the bespoke views by globbing src/views/*.tsx (engine/view-modules.ts), so ToolRoute
 * can load a view by name without a list to keep. That one glob is the engine's only known way into
 * the views; any other import of a view from the engine is still a crossing.
 */
const VIEW_DISCOVERY: Exception = { from: 'src/engine/view-modules.ts', via: '../views/*.tsx' };

describe('the import graph', () => {
  it('is read from the real source, with static, type, dynamic, glob and package edges', () => {
    expect(files.length).toBeGreaterThan(200);
    const edges = (from: string) => graph.get(from) ?? [];
    expect(edges('src/engine/ToolPage.tsx')).toContainEqual({ to: 'src/engine/DropZone.tsx', kind: 'static', via: './DropZone' });
    expect(edges('src/engine/ToolPage.tsx')).toContainEqual(expect.objectContaining({ to: 'npm:react', kind: 'static' }));
    expect(edges('src/engine/options-form-lazy.ts')).toContainEqual({ to: 'src/engine/options-state.tsx', kind: 'dynamic', via: './options-state' });
    expect(edges('src/engine/options-form-lazy.ts')).toContainEqual({ to: 'src/engine/options-state.tsx', kind: 'type', via: './options-state' });
    expect(edges('src/engine/view-modules.ts')).toContainEqual({ to: 'src/views/merge-pdf.tsx', kind: 'glob', via: '../views/*.tsx' });
    expect(edges('src/engine/view-modules.ts').map((e) => e.to)).not.toContain('src/views/merge-pdf.test.tsx');
    expect(edges('src/core/processor-modules.ts').filter((e) => e.kind === 'glob').length).toBeGreaterThan(50);
  });

  it('leads every relative import to a file and every glob to at least one', () => {
    expect(unresolved).toEqual([]);
  });
});

describe('what each room may import', () => {
  it("the contract imports nothing from the rest of src but the run's words", () => {
    // A message the contract gives a person (an option out of range) is in the page's language.
    const RUN_WORDS = 'src/lib/i18n/run-messages.ts';
    const found = crossings(graph, ['contract'], { rooms: allRooms.filter((room) => room !== 'contract') });
    expect(found.filter((crossing) => !crossing.endsWith(`-> ${RUN_WORDS}`))).toEqual([]);
  });

  it('lib and processors import nothing from the engine, views, site, workflows, command line or core', () => {
    expect(crossings(graph, ['lib', 'processors'], { rooms: ['engine', 'views', 'site', 'workflows', 'cli', 'core'] })).toEqual([]);
  });

  it('processors never import another processor', () => {
    expect(crossings(graph, ['processors'], { rooms: ['processors'] })).toEqual([]);
  });

  it('the engine imports no view and nothing from the site or workflows, but for the discovery of views', () => {
    expect(crossings(graph, ['engine'], { rooms: ['views', 'site', 'workflows'] }, [VIEW_DISCOVERY])).toEqual([]);
  });

  it("the run's own code (core) imports nothing of the page and no React", () => {
    expect(crossings(graph, ['core'], { rooms: ['engine', 'site', 'views', 'workflows', 'cli'], packages: REACT_PACKAGES })).toEqual([]);
  });

  it('the command line imports nothing of the page and no React', () => {
    expect(crossings(graph, ['cli'], { rooms: ['engine', 'site', 'views', 'workflows'], packages: REACT_PACKAGES })).toEqual([]);
  });

  it('no chain of imports that load code, static, dynamic or glob, comes back to where it started', () => {
    expect(cycles(graph, (_, edge) => edge.kind !== 'type')).toEqual([]);
  });

  it('no chain of imports, type-only ones included, comes back to where it started, but for the discovery of views', () => {
    // Every view takes ToolViewProps from view-modules.ts, the module whose glob finds the views: a cycle of
    // types only, erased before any code loads, and already held by the check above to stay so.
    expect(cycles(graph, (from, edge) => !isException(VIEW_DISCOVERY, from, edge))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const edge = (to: string, kind: EdgeKind = 'static', via = to): Edge => ({ to, kind, via });
  const sample: Graph = new Map([
    ['src/core/run.ts', [edge('src/core/shape.ts'), edge('src/engine/page.tsx'), edge('npm:@radix-ui/themes'), edge('npm:zod')]],
    ['src/core/shape.ts', [edge('src/core/run.ts', 'dynamic')]],
    ['src/engine/page.tsx', [edge('npm:react'), edge('src/views/a.tsx', 'glob', '../views/*.tsx'), edge('src/views/b.tsx', 'static', '../views/b')]],
    ['src/views/a.tsx', [edge('src/engine/page.tsx')]],
    ['src/views/b.tsx', []],
  ]);

  it('report a forbidden room and a forbidden package, and only those', () => {
    expect(crossings(sample, ['core'], { rooms: ['engine'], packages: REACT_PACKAGES })).toEqual([
      'src/core/run.ts -> npm:@radix-ui/themes',
      'src/core/run.ts -> src/engine/page.tsx',
    ]);
  });

  it('tolerate a listed exception and nothing else of the same file', () => {
    expect(crossings(sample, ['engine'], { rooms: ['views'] }, [{ from: 'src/engine/page.tsx', via: '../views/*.tsx' }])).toEqual([
      'src/engine/page.tsx -> src/views/b.tsx',
    ]);
  });

  it('report a cycle closed by a dynamic import and one closed through a glob', () => {
    expect(cycles(sample)).toEqual(['src/core/run.ts -> src/core/shape.ts -> src/core/run.ts', 'src/engine/page.tsx -> src/views/a.tsx -> src/engine/page.tsx']);
  });

  it('walk only the edges they are told to follow', () => {
    expect(cycles(sample, (_, edge) => edge.kind !== 'dynamic')).toEqual(['src/engine/page.tsx -> src/views/a.tsx -> src/engine/page.tsx']);
  });

  it('find the files a glob matches, braces and exclusions included', () => {
    const from = join(SRC, 'engine/view-modules.ts');
    const views = globMatches(from, ['../views/*.{tsx,ts}', '!../views/*.test.tsx']).map(({ file }) => fromRoot(file));
    expect(views).toContain('src/views/merge-pdf.tsx');
    expect(views.some((file) => TEST.test(file) || file.split('/').length > 3)).toBe(false);
    expect(existsSync(join(ROOT, 'src/views/merge-pdf.test.tsx'))).toBe(true);
  });
});
