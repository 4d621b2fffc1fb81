/** An icon of the site's own chrome, from the same sprite as the tools' icons (scripts/vite-tool-icons.ts, SITE_ICONS). */
import { SpriteIcon } from '../engine/ToolIcon';

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
