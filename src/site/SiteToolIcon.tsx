/**
 * A tool's icon on the site's cards and search results: a <use> of the
 * build's icon sprite (/tool-icons.svg, scripts/vite-tool-icons.ts), so these
 * pages carry no icon code. Unknown names show the sprite's wrench.
 */
import { TOOL_ICON_NAMES } from 'virtual:tool-icon-names';

export function SiteToolIcon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  return <SpriteIcon id={TOOL_ICON_NAMES.includes(name) ? name : 'Wrench'} size={size} className={className} />;
}

/** An icon of the site's own chrome (scripts/vite-tool-icons.ts, SITE_ICONS). */
export type SiteIconName = (typeof import('../../scripts/vite-tool-icons').SITE_ICONS)[number];

export function SiteIcon({
  name,
  size = 24,
  className,
}: {
  name: SiteIconName;
  size?: number;
  className?: string;
  /** Sprite icons are always hidden from assistive technology; accepted for symmetry with lucide. */
  'aria-hidden'?: boolean | 'true';
}) {
  return <SpriteIcon id={name} size={size} className={className} />;
}

function SpriteIcon({ id, size, className }: { id: string; size: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`/tool-icons.svg#${id}`} />
    </svg>
  );
}
