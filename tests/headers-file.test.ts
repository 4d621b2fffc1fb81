/**
 * public/_headers (Netlify, Cloudflare Pages) carries exactly the headers
 * `filedesk serve` sends: the security headers of src/cli/serve.ts and the
 * cross-origin isolation headers of src/lib/threads.ts, for every path, so
 * the three cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESPONSE_HEADERS, SECURITY_HEADERS } from '../src/cli/serve';
import { ISOLATION_HEADERS } from '../src/lib/threads';

/** The rules of a _headers file: each path with its headers, in order, duplicates kept. */
function parseHeadersFile(text: string): { path: string; headers: [string, string][] }[] {
  const rules: { path: string; headers: [string, string][] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const at = line.indexOf(':');
    if (rules.length === 0 || at < 0) throw new Error(`Not a header line of a rule: ${line}`);
    rules.at(-1)!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

describe('public/_headers', () => {
  const rules = parseHeadersFile(readFileSync(new URL('../public/_headers', import.meta.url), 'utf8'));

  it('has one rule, for every path', () => {
    expect(rules.map((r) => r.path)).toEqual(['/*']);
  });

  it('carries exactly the security and isolation headers of filedesk serve, each once', () => {
    const [{ headers }] = rules;
    const names = headers.map(([name]) => name.toLowerCase());
    expect(new Set(names).size, 'a header named twice').toBe(names.length);
    const expected = { ...SECURITY_HEADERS, ...ISOLATION_HEADERS };
    expect(Object.fromEntries(headers)).toEqual(expected);
    expect(RESPONSE_HEADERS).toEqual(expected);
    expect(Object.fromEntries(headers)['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(Object.fromEntries(headers)['Cross-Origin-Embedder-Policy']).toBe('require-corp');
    expect(Object.fromEntries(headers)['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
