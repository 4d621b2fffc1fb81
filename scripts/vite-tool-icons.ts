/**
 * The icon sprite: /tool-icons.svg holds exactly the lucide icons the
 * manifests and workflows name plus the site's own, so adding a tool or a
 * workflow never means editing an icon list by hand, and no page carries icon
 * code for their icons.
 */
import type { Plugin } from 'vite';
import { readManifests, readWorkflowFiles } from '../src/manifests/read.ts';

/** A lucide component name (PascalCase); anything else is not drawn from the sprite. */
const isIconName = (icon: unknown): icon is string => typeof icon === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(icon);

export function manifestIconNames(manifestRoot: string): string[] {
  return [...new Set(readManifests(manifestRoot).map((tool) => tool.icon).filter(isIconName))].sort();
}

/** The icons of the manifests and of the workflows (workflows/<slug>.json), one list. */
export function iconNames(manifestRoot: string, workflowRoot: string): string[] {
  const names = new Set(manifestIconNames(manifestRoot));
  for (const { raw } of readWorkflowFiles(workflowRoot)) {
    const icon: unknown = (raw as { icon?: unknown }).icon;
    if (isIconName(icon)) names.add(icon);
  }
  return [...names].sort();
}

const SPRITE_FILE = 'tool-icons.svg';

/** The lucide icons the site's header, footer, home and cards draw from the sprite. */
export const SITE_ICONS = [
  'ArrowRight', 'AtSign', 'BadgeDollarSign', 'ChevronDown', 'Code', 'FileStack', 'Globe', 'Menu', 'Quote', 'Rss',
  'Search', 'Shield', 'Smartphone', 'Users', 'Workflow', 'Wrench', 'X', 'Zap',
] as const;

/** One SVG file of <symbol>s, one per manifest and workflow icon plus the site's own, rendered from lucide-react. */
export async function toolIconSprite(manifestRoot: string, workflowRoot: string): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }, lucide] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('lucide-react'),
  ]);
  const icons = lucide as unknown as Record<string, Parameters<typeof createElement>[0]>;
  const symbols = [...new Set([...iconNames(manifestRoot, workflowRoot), ...SITE_ICONS])]
    .filter((name) => icons[name])
    .map((name) => {
      const inner = renderToStaticMarkup(createElement(icons[name])).replace(/^<svg[^>]*>|<\/svg>$/g, '');
      return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * Vite plugin: /tool-icons.svg, the sprite the site's cards, search and
 * tool and workflow page headers use.
 */
export function toolIconSpriteFile(manifestRoot: string, workflowRoot: string): Plugin {
  const namesId = 'virtual:tool-icon-names';
  return {
    name: 'filedesk-tool-icon-sprite',
    resolveId: (id) => (id === namesId ? '\0' + namesId : undefined),
    load: (id) =>
      id === '\0' + namesId ? `export const TOOL_ICON_NAMES = ${JSON.stringify(iconNames(manifestRoot, workflowRoot))};` : undefined,
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split('?')[0] !== `/${SPRITE_FILE}`) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(await toolIconSprite(manifestRoot, workflowRoot));
      });
    },
    async generateBundle() {
      if (this.environment?.config.build.ssr) return;
      this.emitFile({ type: 'asset', fileName: SPRITE_FILE, source: await toolIconSprite(manifestRoot, workflowRoot) });
    },
  };
}
