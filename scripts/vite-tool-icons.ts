/**
 * Vite plugin: `virtual:tool-icons` exports exactly the lucide-react icons the
 * manifests name, so tool icons tree-shake and adding a tool never means
 * editing an icon list by hand.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:tool-icons';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

export function manifestIconNames(manifestRoot: string): string[] {
  const names = new Set<string>();
  for (const category of readdirSync(manifestRoot)) {
    for (const file of readdirSync(join(manifestRoot, category)).filter((f) => f.endsWith('.json'))) {
      const icon = JSON.parse(readFileSync(join(manifestRoot, category, file), 'utf8')).icon;
      if (typeof icon === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(icon)) names.add(icon);
    }
  }
  return [...names].sort();
}

export function toolIcons(manifestRoot: string): Plugin {
  return {
    name: 'filedesk-tool-icons',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const names = manifestIconNames(manifestRoot);
      return `export { ${names.join(', ')} } from 'lucide-react';\n`;
    },
  };
}
