/**
 * The JavaScript a pre-rendered page loads before any interaction: its entry
 * script and modulepreloads (the application and the route's chunks), the
 * dependencies Vite preloads with the application the entry imports, and the
 * static imports of all of them. A dynamic import() inside those files is lazy
 * and not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function pageScripts(dist: string, htmlFile: string): string[] {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(dist, file))) return;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      visit(join(file, '..', m[1]).replace(/^\.\//, ''));
    }
  };
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1]);
  [...scripts, ...preloads].forEach(visit);
  // The entry's one dynamic import, the application, and the files Vite preloads with it.
  for (const entry of scripts) {
    const deps = readFileSync(join(dist, entry), 'utf8').match(/__vite__mapDeps=[^[]*\[([^\]]*)\]/)?.[1];
    deps?.match(/"[^"]+\.js"/g)?.forEach((d) => visit(d.slice(1, -1)));
  }
  return [...seen];
}
