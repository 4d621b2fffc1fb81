/**
 * PostCSS plugin for Radix Themes' stylesheets: keeps the rules of the
 * components the site imports and drops the rest, so the stylesheet that
 * blocks every page's first paint carries no styles for components no page
 * uses. The components in use are read from the source's imports of
 * '@radix-ui/themes', so using a new component brings its styles with it.
 * Shared base classes (rt-Base*) and everything that names no component
 * (tokens, reset, variants, size and layout utilities) are kept. The
 * breakpoint copies of the utilities (`sm:rt-r-…`) are dropped too: they
 * serve responsive props ({ initial, sm, … }), which the site does not use
 * (a unit test holds it to that).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginCreator, Rule } from 'postcss';

/** Names imported from '@radix-ui/themes' anywhere under `dir`. */
export function radixComponentsUsed(dir: string): Set<string> {
  const used = new Set<string>();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) radixComponentsUsed(path).forEach((n) => used.add(n));
    else if (/\.tsx?$/.test(entry)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@radix-ui\/themes'/g)) {
        m[1].split(',').forEach((n) => n.trim() && used.add(n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]));
      }
    }
  }
  return used;
}

/** Whether a selector is only for a component nobody imports, or for a breakpoint utility. */
export function unusedSelector(selector: string, used: ReadonlySet<string>): boolean {
  if (/(?:xs|sm|md|lg|xl)\\:rt-/.test(selector)) return true;
  for (const [, name] of selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)) {
    if (name.startsWith('Base')) continue;
    if (![...used].some((component) => name.startsWith(component))) return true;
  }
  return false;
}

export const radixCss: PluginCreator<{ sourceDir: string }> = (options) => {
  const used = radixComponentsUsed(options!.sourceDir);
  return {
    postcssPlugin: 'filedesk-radix-css',
    Once(root) {
      if (!root.source?.input.file?.includes('@radix-ui/themes')) return;
      root.walkRules((rule: Rule) => {
        const kept = rule.selectors.filter((s) => !unusedSelector(s, used));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      // At-rules (media, supports) left with no rules inside.
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0) at.remove();
      });
    },
  };
};
radixCss.postcss = true;
