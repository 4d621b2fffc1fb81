/**
 * A tool's icon, by the manifest's icon name: a <use> of the build's icon
 * sprite (/tool-icons.svg, scripts/vite-tool-icons.ts), so pages carry no icon
 * code. Unknown names show the sprite's wrench.
 */
import { TOOL_ICON_NAMES } from 'virtual:tool-icon-names';

export function ToolIcon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  return <SpriteIcon id={TOOL_ICON_NAMES.includes(name) ? name : 'Wrench'} size={size} className={className} />;
}

/** One symbol of the icon sprite, drawn as lucide draws its icons. */
export function SpriteIcon({ id, size, className }: { id: string; size: number; className?: string }) {
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
